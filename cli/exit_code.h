#pragma once
// The process exit codes of mapsmith-cli (its commands return them; tests/cli compares against them).

namespace mapsmith::cli {

// 0 success, 1 the file is invalid / differs, 2 usage error, 3 read or write failure.
enum ExitCode : int { Ok = 0, Invalid = 1, Usage = 2, Failure = 3 };

} // namespace mapsmith::cli
