// A small model of clang's constant interpreter opcodes (lib/AST/ByteCode/Opcodes.td), with the
// fields of every release (19's ChangesPC, 23's CanFail and NeedsOpPC).
class Type;
def Bool : Type;
def Sint32 : Type;
def Uint32 : Type;
def Float : Type;
def Ptr : Type;
class ArgType { string Name = ?; bit AsRef = false; }
def ArgUint32 : ArgType { let Name = "uint32_t"; }
def ArgFloat : ArgType { let Name = "Floating"; let AsRef = true; }
def ArgDesc : ArgType { let Name = "const Descriptor *"; }
class TypeClass { list<Type> Types; }
def IntegerTypeClass : TypeClass { let Types = [Sint32, Uint32]; }
def AllTypeClass : TypeClass { let Types = [Bool, Sint32, Uint32, Float, Ptr]; }
def PtrTypeClass : TypeClass { let Types = [Ptr]; }
class Opcode {
  list<TypeClass> Types = [];
  list<ArgType> Args = [];
  string Name = "";
  bit CanReturn = 0;
  bit ChangesPC = 0;
  bit HasCustomLink = 0;
  bit HasCustomEval = 0;
  bit HasGroup = 0;
  bit CanFail = 1;
  bit NeedsOpPC = 1;
}
def Ret : Opcode { let Types = [AllTypeClass]; let CanReturn = 1; let ChangesPC = 1; let HasCustomEval = 1; let HasGroup = 1; }
def RetVoid : Opcode { let CanReturn = 1; let ChangesPC = 1; let HasCustomEval = 1; }
def Jmp : Opcode { let Args = [ArgUint32]; let ChangesPC = 1; let HasCustomEval = 1; }
def Add : Opcode { let Types = [IntegerTypeClass]; let HasGroup = 1; let NeedsOpPC = 0; }
def Addf : Opcode { let Args = [ArgFloat, ArgUint32]; let CanFail = 0; }
def Cast : Opcode { let Types = [IntegerTypeClass, IntegerTypeClass]; let HasGroup = 1; let HasCustomLink = 1; }
def Load : Opcode { let Types = [AllTypeClass]; let Args = [ArgDesc]; let HasGroup = 1; let HasCustomEval = 1; }
def GetPtr : Opcode { let Name = "GetPtrField"; let Types = [PtrTypeClass]; let Args = [ArgUint32]; let NeedsOpPC = 0; }
def Pop : Opcode { let CanFail = 0; let NeedsOpPC = 0; }
def EndSpeculation : Opcode;
