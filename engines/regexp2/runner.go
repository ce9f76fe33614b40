// backref runner for Go's regexp2 (github.com/dlclark/regexp2, a port of .NET's regex engine).
// See engines/README.md for the output format.
// Usage: runner PATTERN_FILE SUBJECT_FILE OPTIONS TIMEOUT_MS
// OPTIONS is the integer value of .NET's RegexOptions (regexp2 uses the same bits for the
// options it shares with .NET); TIMEOUT_MS 0 means no match timeout. Besides the last capture
// of each group (G lines) it prints every capture of every group (C lines).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dlclark/regexp2"
)

var out = bufio.NewWriterSize(os.Stdout, 1<<16)

func line(text string) { out.WriteString(text + "\n") }

func record(text string) string { return strconv.Itoa(len(text)) + ":" + text }

func clean(message string) string {
	text := strings.Join(strings.Fields(message), " ")
	if len(text) > 2000 {
		return text[:2000] + "..."
	}
	return text
}

func ms(d time.Duration) string { return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', 6, 64) }

func run(args []string) {
	pattern, err := os.ReadFile(args[0])
	if err != nil {
		line("ERROR match " + clean(err.Error()))
		return
	}
	subject, err := os.ReadFile(args[1])
	if err != nil {
		line("ERROR match " + clean(err.Error()))
		return
	}
	bits, _ := strconv.Atoi(args[2])
	timeoutMs, _ := strconv.ParseInt(args[3], 10, 64)
	start := time.Now()
	regex, err := regexp2.Compile(string(pattern), regexp2.RegexOptions(bits))
	if err != nil {
		line("ERROR compile " + clean(err.Error()))
		return
	}
	if timeoutMs > 0 {
		regex.MatchTimeout = time.Duration(timeoutMs) * time.Millisecond
	}
	compile := time.Since(start)
	start = time.Now()
	m, err := regex.FindStringMatch(string(subject))
	if err != nil {
		if strings.Contains(err.Error(), "match timeout") {
			line("ERROR timeout match timeout")
		} else {
			line("ERROR match " + clean(err.Error()))
		}
		return
	}
	matching := time.Since(start)
	line("T " + ms(compile) + " " + ms(matching))
	if m == nil {
		line("NOMATCH")
		return
	}
	numbers := regex.GetGroupNumbers()
	top := 0
	for _, n := range numbers {
		if n > top {
			top = n
		}
	}
	line("MATCH " + strconv.Itoa(top+1))
	for _, n := range numbers {
		g := m.GroupByNumber(n)
		if g == nil || len(g.Captures) == 0 {
			line("G " + strconv.Itoa(n) + " -")
		} else {
			line("G " + strconv.Itoa(n) + " " + record(g.String()))
		}
	}
	for _, n := range numbers {
		if name := regex.GroupNameFromNumber(n); name != strconv.Itoa(n) {
			line("N " + name + " " + strconv.Itoa(n))
		}
	}
	for _, n := range numbers {
		g := m.GroupByNumber(n)
		if g == nil {
			continue
		}
		name := regex.GroupNameFromNumber(n)
		for i, c := range g.Captures {
			line(fmt.Sprintf("C %s %d %s", name, i, record(c.String())))
		}
	}
}

func main() {
	func() {
		defer func() {
			if r := recover(); r != nil {
				// regexp2 panics on some internal limits; report, never die silently.
				line("ERROR match " + clean(fmt.Sprint("panic: ", r)))
			}
		}()
		run(os.Args[1:])
	}()
	line("END")
	out.Flush()
}
