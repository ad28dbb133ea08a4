# Sourced by the compiler tests (alias.sh, unroll.sh): every `// RUN:` line of a kernel file
# through clcheck (interpreter against native execution, bit-exact) on tiny, small and paper,
# seeds 1 and 2, once per mode given; each result counted with the caller's ok/bad.
# Usage: clcheck_runs BIN_DIR SOURCE MODE...
clcheck_runs() {
    local bin=$1 src=$2 line args mode out
    shift 2
    while IFS= read -r line; do
        args=${line#*RUN:}
        for mode in "$@"; do
            # shellcheck disable=SC2086
            if out=$("$bin/clcheck" "$src" $args --configs tiny,small,paper --seeds 1,2 $mode 2>&1); then
                ok "$args $mode ($(grep -c '^PASSED' <<<"$out") checks)"
            else
                bad "$args $mode"
                grep -v '^PASSED' <<<"$out" | head -10 | sed 's/^/     /'
            fi
        done
    done < <(grep '^// RUN:' "$src")
}
