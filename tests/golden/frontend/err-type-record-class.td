// A record that is not of the field's class.
class Base;
class Other;
def O : Other;
def A {
  Base b = O;
}
