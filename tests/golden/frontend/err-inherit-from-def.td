// A def cannot be used as a superclass.
def D;
def A : D;
