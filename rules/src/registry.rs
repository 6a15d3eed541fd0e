//! The registry of rule IDs (filled in by the rules reference work).
