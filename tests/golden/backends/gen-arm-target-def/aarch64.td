// AArch64: extensions, FMV features, dependencies, architectures, CPU aliases and CPUs.
// ARGS: --gen-arm-target-def -I inc
include "Features.td"
class Extension<string TargetFeatureName, string Spelling, string Desc, list<SubtargetFeature> Implies = [],
                string ArchFeature = "", string Alias = "">
    : SubtargetFeature<TargetFeatureName, "Has" # NAME, "true", Desc, Implies> {
  string ArchExtKindSpelling = "AEK_" # Spelling;
  string UserVisibleName = Spelling;
  string UserVisibleAlias = Alias;
  string ArchFeatureName = ArchFeature;
}
class ExtensionWithMArch<string TargetFeatureName, string Spelling, string ArchFeature, string Desc,
                         list<SubtargetFeature> Implies = []>
    : Extension<TargetFeatureName, Spelling, Desc, Implies, ArchFeature>;
def FeatureFPARMv8 : ExtensionWithMArch<"fp-armv8", "FP", "FEAT_FP", "Enable FP">;
def FeatureNEON : ExtensionWithMArch<"neon", "SIMD", "FEAT_AdvSIMD", "Enable SIMD", [FeatureFPARMv8]>;
def FeatureCRC : ExtensionWithMArch<"crc", "CRC", "FEAT_CRC32", "Enable CRC">;
def FeatureRCPC : Extension<"rcpc", "RCPC", "Enable RCPC", [], "FEAT_LRCPC", "rcpc1">;
def FeatureRCPC3 : Extension<"rcpc3", "RCPC3", "Enable RCPC3", [FeatureRCPC]>;
def FeatureHelper : SubtargetFeature<"helper", "HasHelper", "true", "not an extension">;
class FMVExtension<string n, string b, string f, int p> {
  string Name = n; string Bit = b; string BackendFeatures = f; int Priority = p;
}
def : FMVExtension<"crc", "FEAT_CRC", "+crc", 110>;
def : FMVExtension<"simd", "FEAT_SIMD", "+fp-armv8,+neon", 100>;
class Architecture64<int major, int minor, string profile, string target_feature_name,
                     list<SubtargetFeature> implied_features, list<Extension> default_extensions>
    : SubtargetFeature<target_feature_name, "HasV" # major # "_" # minor # profile # "Ops", "true",
                       "Support ARM v" # major # "." # minor # profile, implied_features> {
  int Major = major;
  int Minor = minor;
  string Profile = profile;
  list<Extension> DefaultExts = default_extensions;
}
def HasV8_0aOps : Architecture64<8, 0, "a", "v8a", [FeatureFPARMv8, FeatureNEON], [FeatureFPARMv8, FeatureNEON]>;
def HasV8_1aOps : Architecture64<8, 1, "a", "v8.1a", [HasV8_0aOps, FeatureCRC], [FeatureFPARMv8, FeatureNEON, FeatureCRC]>;
def HasV8_0rOps : Architecture64<8, 0, "r", "v8r", [FeatureCRC], [FeatureCRC]>;
def ProcA53 : SubtargetFeature<"a53", "ARMProcFamily", "CortexA53", "Cortex-A53">;
def ProcA57 : SubtargetFeature<"a57", "ARMProcFamily", "CortexA57", "Cortex-A57">;
def : ProcessorModel<"generic", NoSchedModel, [FeatureNEON]>;
def : ProcessorModel<"cortex-a53", NoSchedModel, [HasV8_0aOps, FeatureCRC, ProcA53]>;
def : ProcessorModel<"cortex-a57", NoSchedModel, [HasV8_1aOps, FeatureRCPC, FeatureHelper, ProcA57]>;
def : ProcessorModel<"apple-latest", NoSchedModel, [HasV8_1aOps]>;
class ProcessorAlias<string n, string a> { string Name = n; string Alias = a; }
def : ProcessorAlias<"a53", "cortex-a53">;
