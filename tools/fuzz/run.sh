#!/usr/bin/env bash
# Coverage-guided fuzzing of Hometown's parsers with libFuzzer, built by the Swift toolchain itself
# (swiftc -sanitize=fuzzer,address). See tools/fuzz/README.md.
#
#   tools/fuzz/run.sh --list                  the targets, one a line
#   tools/fuzz/run.sh [TARGET|all] [SECONDS]  build (cached in .build-fuzz/) and fuzz TARGET (default: all, one
#                                             after the other; FUZZ_JOBS=2 runs two at once) for SECONDS each
#                                             (default 60), starting from its committed corpus
#   tools/fuzz/run.sh --build [TARGET|all]    build only
#
# FUZZ_SEED=N gives libFuzzer a fixed seed (-seed=N) and Swift a fixed hashing seed (SWIFT_DETERMINISTIC_HASHING),
# so that a run of the same length explores the same inputs again; the test command sets it (a finding there is then
# one a run here finds too, not a new one by chance: finding new ones is what long runs without it are for).
#
# Each target's first lines say what it is built from ("// fuzz-build: modules=... sources=... support=...").
# Every module of Sources named there is compiled once per change with the same flags (-enable-testing, so that a
# target reaches the parsers' internal types through @testable import); the target's own file, the support files
# it names and any single source files from Sources are compiled into its executable.
#
# Exit status: 0 when no target found anything; 1 when any crashed, ran out of time or memory, or broke its
# oracle (the reproducer's path is printed: run `.build-fuzz/bin/TARGET FILE` to replay it); 2 for usage or build
# errors.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
fuzz=tools/fuzz
build=${FUZZ_BUILD_DIR:-.build-fuzz}
# The Swift runtime's own crash handler would read the dead process's memory under AddressSanitizer's eyes and
# report that instead of the crash: libFuzzer and the sanitizer report crashes here.
export SWIFT_BACKTRACE=enable=no
flags=(-parse-as-library -O -g -sanitize=fuzzer,address -enable-testing -swift-version 6 -package-name Hometown)

targets() { for f in "$fuzz"/targets/*.swift; do basename "$f" .swift; done; }

# Modules of Sources a target may name, with the modules each depends on.
module_deps() {
    case $1 in
    HometownCore) echo "" ;;
    HometownProtocol | HometownMarkers) echo "HometownCore" ;;
    HometownBoundaries) echo "HometownCore" ;;
    HometownGazetteer) echo "HometownCore HometownBoundaries" ;;
    *)
        echo "run.sh: no rule to build module $1" >&2
        exit 2
        ;;
    esac
}

# The C module CPrefetch (one inline function in a header) as a module map the Swift compiler can import.
prepare_c_modules() {
    mkdir -p "$build/cmodules/CPrefetch"
    local map="$build/cmodules/CPrefetch/module.modulemap"
    local want="module CPrefetch { header \"$root/Sources/CPrefetch/include/CPrefetch.h\"
    export * }"
    [[ -f $map && "$(cat "$map")" == "$want" ]] || printf '%s' "$want" >"$map"
}

# Builds module $1 (after its dependencies) into $build/modules/$1.o and its .swiftmodule, unless up to date.
build_module() {
    local m=$1 dep
    for dep in $(module_deps "$m"); do build_module "$dep"; done
    local obj="$build/modules/$m.o"
    local stale=0
    if [[ ! -f $obj ]]; then
        stale=1
    elif [[ -n "$(find "Sources/$m" "$fuzz/run.sh" -newer "$obj" -print -quit)" ]]; then
        stale=1
    else
        for dep in $(module_deps "$m"); do [[ "$build/modules/$dep.o" -nt $obj ]] && stale=1; done
    fi
    ((stale)) || return 0
    echo "fuzz: building module $m" >&2
    mkdir -p "$build/modules"
    swiftc "${flags[@]}" -wmo -c -module-name "$m" -emit-module -emit-module-path "$build/modules/$m.swiftmodule" \
        -I "$build/modules" -I Sources/CZlib -I "$build/cmodules/CPrefetch" \
        Sources/"$m"/*.swift -o "$obj"
    # The compiler leaves an unchanged object file untouched: mark it as made now.
    touch "$obj"
}

# The value of KEY in a target's "// fuzz-build:" line (space-separated words; commas also separate).
build_field() {
    sed -n 's|^// fuzz-build:||p' "$fuzz/targets/$1.swift" | tr ' ' '\n' | sed -n "s|^$2=||p" | tr ',' ' '
}

# Builds target $1 into $build/bin/$1, unless up to date.
build_target() {
    local t=$1 m
    local file="$fuzz/targets/$t.swift"
    [[ -f $file ]] || {
        echo "run.sh: no target $t (see --list)" >&2
        exit 2
    }
    prepare_c_modules
    local modules sources support
    modules=$(build_field "$t" modules)
    sources=$(build_field "$t" sources)
    support=$(build_field "$t" support)
    local inputs=("$file" "$fuzz/run.sh")
    local objects=()
    for m in $modules; do
        build_module "$m"
        objects+=("$build/modules/$m.o")
    done
    local s
    for s in $support; do inputs+=("$fuzz/support/$s.swift"); done
    for s in $sources; do inputs+=("$s"); done
    local bin="$build/bin/$t"
    local stale=0
    [[ -f $bin ]] || stale=1
    for s in "${inputs[@]}" "${objects[@]}"; do [[ $s -nt $bin ]] && stale=1; done
    ((stale)) || return 0
    echo "fuzz: building target $t" >&2
    mkdir -p "$build/bin"
    rm -f "$bin"
    local swift_inputs=()
    for s in "${inputs[@]}"; do [[ $s == *.swift ]] && swift_inputs+=("$s"); done
    swiftc "${flags[@]}" -module-name "Fuzz_${t//-/_}" -I "$build/modules" -I Sources/CZlib \
        -I "$build/cmodules/CPrefetch" "${swift_inputs[@]}" "${objects[@]}" -lz -o "$bin" 2>&1 |
        grep -v "Cannot export local symbol" >&2 || true
    [[ -x $bin ]] && touch "$bin"
    [[ -x $bin ]] || { echo "run.sh: building $t failed" >&2; return 2; }
}

# Runs target $1 for $2 seconds over its committed corpus (and the inputs it found before, kept in
# $build/corpus/$1). Prints one summary line; returns 1 on a finding.
run_target() {
    local t=$1 seconds=$2
    local work="$build/corpus/$t" findings="$build/findings/$t"
    mkdir -p "$work" "$findings" "$fuzz/corpus/$t"
    local log="$build/logs/$t.log"
    mkdir -p "$build/logs"
    local before
    before=$(find "$findings" -type f | wc -l)
    local status=0
    local seeded=()
    [[ -n ${FUZZ_SEED:-} ]] && seeded=(env SWIFT_DETERMINISTIC_HASHING=1)
    "${seeded[@]}" "$build/bin/$t" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$findings/" "$work" "$fuzz/corpus/$t" >"$log" 2>&1 || status=$?
    local stats
    stats=$(grep -E '^#[0-9]+.*(DONE|INITED)' "$log" | tail -1 || true)
    if ((status != 0)); then
        echo "FAIL $t (exit $status): $(grep -m1 -E 'ORACLE|ERROR|panic|Fatal error|deadly' "$log" || true)"
        local new
        new=$(find "$findings" -type f -newer "$log.start" 2>/dev/null || true)
        [[ -n $new ]] || new=$(find "$findings" -type f | tail -n +$((before + 1)))
        for f in $new; do echo "  reproducer: $f  (replay: $build/bin/$t $f)"; done
        echo "  log: $log"
        return 1
    fi
    echo "ok   $t ${seconds}s: $stats"
}

main() {
    local mode=run
    case ${1:-} in
    --list)
        targets
        return 0
        ;;
    --build)
        mode=build
        shift
        ;;
    -h | --help)
        sed -n '2,23p' "$0"
        return 0
        ;;
    esac
    local which=${1:-all} seconds=${2:-60}
    [[ $seconds =~ ^[0-9]+$ ]] || {
        echo "run.sh: SECONDS must be a whole number, not $seconds" >&2
        return 2
    }
    local list
    if [[ $which == all ]]; then list=$(targets); else list=$which; fi
    local t
    for t in $list; do build_target "$t" || return 2; done
    [[ $mode == build ]] && return 0
    local jobs=${FUZZ_JOBS:-1}
    local failed=0
    if ((jobs > 1)); then
        export -f run_target
        export build fuzz
        mkdir -p "$build/logs"
        for t in $list; do touch "$build/logs/$t.log.start"; done
        printf '%s\n' $list | xargs -P "$jobs" -I{} bash -c 'run_target "$1" "$2"' _ {} "$seconds" || failed=1
    else
        for t in $list; do
            mkdir -p "$build/logs"
            touch "$build/logs/$t.log.start"
            run_target "$t" "$seconds" || failed=1
        done
    fi
    return $failed
}

main "$@"
