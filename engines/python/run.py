# backref runner for Python's `re` module and for the third-party `regex` module (engines
# `python` and `python-regex`). See engines/README.md for the output format. Usage:
#   python3 run.py PATTERN_FILE SUBJECT_FILE FLAGS MODULE [TIMEOUT_MS]
# MODULE is `re` or `regex`; TIMEOUT_MS (0 or absent: none) becomes `regex`'s own match timeout.
import importlib
import sys
import threading
import time

re = importlib.import_module(sys.argv[4] if len(sys.argv) > 4 else "re")


def clean(message):
    text = " ".join(str(message).split())
    return text[:2000] + "..." if len(text) > 2000 else text


def text_record(text):
    data = text.encode("utf-8", "surrogateescape")
    return str(len(data)).encode() + b":" + data


# Flag letters (the optional third argument) and the `re` flags they stand for.
FLAGS = {"x": re.VERBOSE, "m": re.MULTILINE, "s": re.DOTALL}


def main(out):
    pattern_file, subject_file = sys.argv[1], sys.argv[2]
    letters = sys.argv[3] if len(sys.argv) > 3 else ""
    timeout_ms = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    flags = 0
    for letter in letters:
        flags |= FLAGS[letter]
    with open(pattern_file, encoding="utf-8", newline="") as f:
        pattern = f.read()
    with open(subject_file, encoding="utf-8", newline="") as f:
        subject = f.read()

    t0 = time.perf_counter()
    try:
        regex = re.compile(pattern, flags)
    except (RecursionError, OverflowError, MemoryError) as e:
        # Limits of `re`'s compiler: nesting depth, code size, memory.
        out.append(b"ERROR toolarge " + clean(type(e).__name__ + ": " + str(e)).encode())
        return
    except (re.error, ValueError) as e:
        out.append(b"ERROR compile " + clean(e).encode())
        return
    t1 = time.perf_counter()
    try:
        if timeout_ms > 0:
            m = regex.search(subject, timeout=timeout_ms / 1000)
        else:
            m = regex.search(subject)
    except TimeoutError:
        out.append(b"ERROR timeout match timeout")
        return
    except RecursionError as e:
        out.append(b"ERROR stack " + clean(e).encode())
        return
    except MemoryError as e:
        out.append(b"ERROR limit out of memory " + clean(e).encode())
        return
    t2 = time.perf_counter()
    out.append(b"T %.6f %.6f" % ((t1 - t0) * 1000, (t2 - t1) * 1000))
    if m is None:
        out.append(b"NOMATCH")
        return
    groups = regex.groups + 1
    out.append(b"MATCH %d" % groups)
    for i in range(groups):
        text = m.group(i)
        if text is None:
            out.append(b"G %d -" % i)
        else:
            out.append(b"G %d " % i + text_record(text))
    for name, number in sorted(regex.groupindex.items(), key=lambda kv: kv[1]):
        out.append(b"N " + name.encode() + b" %d" % number)


if __name__ == "__main__":
    # Compiling big generated patterns recurses deeply: run on a thread with a large stack.
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    lines = []

    def work():
        try:
            main(lines)
        except Exception as e:  # report, never die silently
            lines.append(b"ERROR match " + clean(repr(e)).encode())

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    lines.append(b"END")
    sys.stdout.buffer.write(b"\n".join(lines) + b"\n")
    sys.stdout.buffer.flush()
