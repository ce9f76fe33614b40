// backref runner for Java's java.util.regex. See engines/README.md for the output format.
// Usage: java -cp DIR Runner PATTERN_FILE SUBJECT_FILE [FLAGS]
// FLAGS: x = Pattern.COMMENTS, m = Pattern.MULTILINE, s = Pattern.DOTALL. java.util.regex has
// no match timeout: backref kills the process at the deadline. The matcher recurses, so the
// work runs on a thread with a large stack.
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public final class Runner {
    private static final ByteArrayOutputStream OUT = new ByteArrayOutputStream();

    private static void line(String text) {
        byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
        OUT.write(bytes, 0, bytes.length);
    }

    private static String record(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length + ":" + text;
    }

    private static String clean(Object message) {
        String text = String.valueOf(message).replaceAll("\\s+", " ").trim();
        return text.length() > 2000 ? text.substring(0, 2000) + "..." : text;
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e6);
    }

    private static void run(String[] args) throws IOException {
        String pattern = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8);
        String subject = new String(Files.readAllBytes(Paths.get(args[1])), StandardCharsets.UTF_8);
        String letters = args.length > 2 ? args[2] : "";
        int flags = 0;
        for (char c : letters.toCharArray()) {
            switch (c) {
                case 'x': flags |= Pattern.COMMENTS; break;
                case 'm': flags |= Pattern.MULTILINE; break;
                case 's': flags |= Pattern.DOTALL; break;
                default: throw new IllegalArgumentException("bad flag " + c);
            }
        }
        long t0 = System.nanoTime();
        Pattern regex;
        try {
            regex = Pattern.compile(pattern, flags);
        } catch (PatternSyntaxException e) {
            line("ERROR compile " + clean(e.getMessage()));
            return;
        } catch (StackOverflowError | OutOfMemoryError e) {
            // Limits of the pattern compiler (it recurses on nesting), not pattern mistakes.
            line("ERROR toolarge " + clean(e.getClass().getSimpleName()));
            return;
        }
        long t1 = System.nanoTime();
        Matcher m = regex.matcher(subject);
        boolean found;
        try {
            found = m.find();
        } catch (StackOverflowError e) {
            line("ERROR stack " + clean(e.getClass().getSimpleName()));
            return;
        } catch (OutOfMemoryError e) {
            line("ERROR limit " + clean(e.getClass().getSimpleName()));
            return;
        }
        long t2 = System.nanoTime();
        line("T " + ms(t1 - t0) + " " + ms(t2 - t1));
        if (!found) {
            line("NOMATCH");
            return;
        }
        int groups = m.groupCount() + 1;
        line("MATCH " + groups);
        for (int i = 0; i < groups; i++) {
            String text = m.group(i);
            line(text == null ? "G " + i + " -" : "G " + i + " " + record(text));
        }
    }

    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(null, () -> {
            try {
                run(args);
            } catch (Throwable e) {
                line("ERROR match " + clean(e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
        }, "backref-runner", 1L << 30);
        worker.start();
        worker.join();
        line("END");
        System.out.write(OUT.toByteArray());
        System.out.flush();
    }
}
