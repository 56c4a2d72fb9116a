# Thin wrapper over the CMake presets (CMakePresets.json) for the README's commands.
#   make          release build; the CLI lands at build/cuzk
#   make test     build and run every test (unit, vectors, integration)
#   make demo     build and run the main job
#   make check    the checked debug build and its tests;  make asan: ASan+UBSan
#   make tsan     ThreadSanitizer over the threaded modules (engine, staged prover, pool)
#   make bench    the arithmetic benchmark;  make format / format-check: clang-format
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CTEST = ctest --preset

.PHONY: all test demo check asan tsan noasm fuzz bench format format-check clean

all:
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

test: all
	@$(CTEST) release -j $(JOBS)

demo: all
	@./build/cuzk demo porep

check:
	@cmake --preset debug >/dev/null
	@cmake --build --preset debug -j $(JOBS)
	@$(CTEST) debug -j $(JOBS)

asan:
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)
	@$(CTEST) asan -j $(JOBS)

# The unit tests of the code that runs on several threads at once; halt on the first race.
tsan:
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan -j $(JOBS) --target cuzk_tests
	@TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ./build-tsan/tests/cuzk_tests \
		-t=engine -t=stage -t=pool

noasm:
	@cmake --preset noasm >/dev/null
	@cmake --build --preset noasm -j $(JOBS)
	@$(CTEST) noasm -j $(JOBS)

fuzz:
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS) --target cz_fuzzers
	@$(CTEST) fuzz -j $(JOBS)

bench: all
	@./build/cuzk bench arith

FORMAT_FILES = $(shell git ls-files --cached --others --exclude-standard '*.c' '*.h' '*.cc')
format:
	@clang-format -i $(FORMAT_FILES)

format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES)

clean:
	@rm -rf build build-debug build-asan build-tsan build-noasm build-fuzz
