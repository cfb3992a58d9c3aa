// A defm of a multiclass that does not exist.
defm A : NoSuchMulticlass;
