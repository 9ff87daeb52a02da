package problems

// NoReader is the reader choice that checks no particular reader, for the
// external tests (package problems_test, which build the whole editor).
const NoReader = noReader
