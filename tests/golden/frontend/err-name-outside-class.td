// NAME is defined only in classes and multiclasses: in a def's own body it is an error, and the
// field is left unset.
def Third {
  string own = NAME;
}
