// A CPU alias of a CPU that does not exist.
// ARGS: --gen-arm-target-def -I inc
include "Features.td"
class Extension;
class FMVExtension;
class Architecture64;
class ProcessorAlias<string n, string a> { string Name = n; string Alias = a; }
def : ProcessorModel<"cortex-a53", NoSchedModel, []>;
def : ProcessorAlias<"a57", "cortex-a57">;
