// A record naming itself through NAME in its class, and !cast in a class, resolved per def.
// NAME outside classes and multiclasses is an error (err-name-outside-class.td).
class Named {
  string MyName = NAME;
  string CastName = !cast<string>(NAME);
}
def First : Named;

class LooksUp<string other> {
  Named Found = !cast<Named>(other);
}
def Second : Named, LooksUp<"First">;
