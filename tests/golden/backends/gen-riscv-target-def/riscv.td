// Extensions (experimental, implied), profiles, processors with and without a default march,
// tune processors, extension bitmasks.
// ARGS: --gen-riscv-target-def -I inc
include "Features.td"
class RISCVExtension<string name, int major, int minor, string desc, list<SubtargetFeature> implies = []>
    : SubtargetFeature<name, "Has" # NAME, "true", desc, implies> {
  int MajorVersion = major;
  int MinorVersion = minor;
  bit Experimental = false;
}
class RISCVExperimentalExtension<string name, int major, int minor, string desc, list<SubtargetFeature> implies = []>
    : RISCVExtension<"experimental-" # name, major, minor, desc, implies> {
  let Experimental = true;
}
class RISCVExtensionBitmask<int g, int b> { int GroupID = g; int BitPos = b; }
def Feature64Bit : SubtargetFeature<"64bit", "IsRV64", "true", "RV64">;
def Feature32Bit : SubtargetFeature<"32bit", "IsRV32", "true", "RV32">;
def FeatureUnalignedScalar : SubtargetFeature<"unaligned-scalar-mem", "EnableUnalignedScalarMem", "true", "fast">;
def FeatureStdExtI : RISCVExtension<"i", 2, 1, "base">;
def FeatureStdExtZicsr : RISCVExtension<"zicsr", 2, 0, "csr">;
def FeatureStdExtF : RISCVExtension<"f", 2, 2, "float", [FeatureStdExtZicsr]>;
def FeatureStdExtD : RISCVExtension<"d", 2, 2, "double", [FeatureStdExtF]>;
def FeatureStdExtM : RISCVExtension<"m", 2, 0, "mul">, RISCVExtensionBitmask<0, 12>;
def FeatureStdExtC : RISCVExtension<"c", 2, 0, "compressed">, RISCVExtensionBitmask<0, 2>;
def FeatureStdExtZba : RISCVExtension<"zba", 1, 0, "bitmanip">;
def FeatureStdExtSvinval : RISCVExtension<"svinval", 1, 0, "svinval">;
def FeatureVendorXVentana : RISCVExtension<"xventanacondops", 1, 0, "ventana">;
def FeatureStdExtZicfilp : RISCVExperimentalExtension<"zicfilp", 0, 4, "cfi", [FeatureStdExtZicsr]>,
  RISCVExtensionBitmask<1, 3>;
class RISCVProfile<string name, list<SubtargetFeature> features> : SubtargetFeature<name, "Is" # NAME, "true", "profile", features> {
  bit Experimental = false;
}
class RISCVExperimentalProfile<string name, list<SubtargetFeature> features> : RISCVProfile<"experimental-" # name, features> {
  let Experimental = true;
}
def RVI20U32 : RISCVProfile<"rvi20u32", [Feature32Bit, FeatureStdExtI]>;
def RVA20U64 : RISCVProfile<"rva20u64", [Feature64Bit, FeatureStdExtI, FeatureStdExtM, FeatureStdExtD, FeatureStdExtF, FeatureStdExtC, FeatureStdExtZicsr]>;
def RVA23U64 : RISCVExperimentalProfile<"rva23u64", [Feature64Bit, FeatureStdExtZba, FeatureStdExtSvinval, FeatureStdExtI, FeatureVendorXVentana, FeatureStdExtZicfilp]>;
class RISCVProcessorModel<string n, SchedMachineModel m, list<SubtargetFeature> f, string default_march = "">
    : ProcessorModel<n, m, f> {
  string DefaultMarch = default_march;
}
class RISCVTuneProcessorModel<string n, SchedMachineModel m> : ProcessorModel<n, m, []>;
def GENERIC_RV32 : RISCVProcessorModel<"generic-rv32", NoSchedModel, [Feature32Bit, FeatureStdExtI]>;
def FAST_RV64 : RISCVProcessorModel<"fast-rv64", NoSchedModel, [Feature64Bit, FeatureStdExtI, FeatureStdExtC, FeatureStdExtM, FeatureUnalignedScalar]>;
def MARCH_RV64 : RISCVProcessorModel<"march-rv64", NoSchedModel, [Feature64Bit], "rv64imac">;
def GENERIC : RISCVTuneProcessorModel<"generic", NoSchedModel>;
