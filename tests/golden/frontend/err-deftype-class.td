// deftype cannot name a class type.
class Rec;
deftype RecRef = Rec;
