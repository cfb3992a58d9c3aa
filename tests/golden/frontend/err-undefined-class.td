// A superclass that does not exist.
def A : NoSuchClass;
