#!/usr/bin/env bash
# Runs the shared MiniZinc corpus through backref and through Gecode, side by side: solutions
# printed, how the run ended, wall seconds. Usage:
#   scripts/minizinc-corpus.sh [BACKREF_BINARY] [CORPUS_DIR]
# (defaults: target/release/backref, ../shared/corpus/minizinc). Needs `minizinc` with Gecode.
set -u
bin=$(realpath "${1:-target/release/backref}")
corpus=$(realpath "${2:-../shared/corpus/minizinc}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" minizinc install --dir "$dir/solvers" >/dev/null
d=libminizinc_docs
e=minizinc-examples
# name | model | data or - | -D assignments or - | -G std for Gecode (yes/no)
cases="seed_colorgrid|seed_colorgrid.mzn|-|-|yes
seed_colorgrid_row1|seed_colorgrid_row1.mzn|-|-|yes
aust|$d/aust/aust.mzn|-|-|yes
nqueens n=8|$d/nqueens/nqueens.mzn|-|n=8|yes
sudoku|$d/sudoku/sudoku.mzn|$d/sudoku/sudoku.dzn|-|yes
send-more-money|$d/send-more-money/send-more-money.mzn|-|-|yes
lightup|$d/lightup/lightup.mzn|$d/lightup/lightup.dzn|-|no
magic-series n=4|$d/magic-series/magic-series.mzn|-|n=4|yes
magic-series n=7|$d/magic-series/magic-series.mzn|-|n=7|yes
allinterval n=8|$d/allinterval/allinterval.mzn|-|n=8|yes
latin n=3|$d/latin/latin.mzn|-|n=3|yes
latin n=4|$d/latin/latin.mzn|-|n=4|yes
latinbool n=4|$d/latinbool/latinbool.mzn|-|n=4|yes
photo|$d/photo/photo.mzn|$d/photo/photo.dzn|-|yes
examples queens n=8|$e/queens.mzn|-|n=8|yes
aust_colord nc4|$e/aust_color/aust_colord.mzn|$e/aust_color/nc4.dzn|-|yes
langford n=4 m=2|$e/langford/langford.mzn|-|n=4;m=2;|yes
langford n=3 m=2|$e/langford/langford.mzn|-|n=3;m=2;|yes"
run() { # solver extra-args... ; prints "solutions end seconds"
    local start end out
    start=$(date +%s%N)
    out=$(timeout 60 "$@" 2>&1)
    end=$(date +%s%N)
    local n ending
    n=$(grep -c '^----------' <<<"$out")
    ending=$(grep -oE '^(==========|=====UNSATISFIABLE=====|=====UNKNOWN=====)' <<<"$out" | tail -1)
    printf '%s %s | %.2f s' "$n" "\`${ending:-none}\`" "$(( (end - start) / 1000000 ))e-3"
}
echo "| model | backref: solutions, end | backref | Gecode: solutions, end | Gecode |"
echo "|---|---|---|---|---|"
while IFS='|' read -r name model data defs gstd; do
    args=(-a "$corpus/$model")
    [ "$data" != - ] && args+=("$corpus/$data")
    [ "$defs" != - ] && args+=(-D "$defs")
    g=()
    [ "$gstd" = yes ] && g=(-G std)
    ours=$(MZN_SOLVER_PATH="$dir/solvers" run minizinc --solver backref "${args[@]}")
    theirs=$(run minizinc --solver gecode "${g[@]}" "${args[@]}")
    echo "| $name | $ours | $theirs |"
done <<<"$cases"
