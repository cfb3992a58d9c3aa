class A { int x = 1; }
def a : A { let y = 2; }
