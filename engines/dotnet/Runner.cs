// backref runner for .NET regexes (Mono's System.Text.RegularExpressions).
// Usage: mono Runner.exe PATTERN_FILE SUBJECT_FILE OPTIONS TIMEOUT_MS
// OPTIONS is the integer value of RegexOptions; TIMEOUT_MS 0 means no match timeout.
// See engines/README.md for the output format. Besides the last capture of each group (G lines)
// it prints every capture of every group (C lines), which balancing-group patterns decode from.
using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

static class Runner
{
    static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);
    static Stream output;

    static void Line(string text)
    {
        byte[] bytes = Utf8.GetBytes(text + "\n");
        output.Write(bytes, 0, bytes.Length);
    }

    static string Record(string text)
    {
        return Utf8.GetByteCount(text).ToString(CultureInfo.InvariantCulture) + ":" + text;
    }

    static string Clean(string message)
    {
        string text = Regex.Replace(message ?? "", @"\s+", " ").Trim();
        return text.Length > 2000 ? text.Substring(0, 2000) + "..." : text;
    }

    static string Ms(TimeSpan t)
    {
        return t.TotalMilliseconds.ToString("F6", CultureInfo.InvariantCulture);
    }

    static void Run(string[] args)
    {
        string pattern = File.ReadAllText(args[0], Utf8);
        string subject = File.ReadAllText(args[1], Utf8);
        var options = (RegexOptions)int.Parse(args[2], CultureInfo.InvariantCulture);
        long timeoutMs = long.Parse(args[3], CultureInfo.InvariantCulture);
        TimeSpan timeout = timeoutMs > 0 ? TimeSpan.FromMilliseconds(timeoutMs) : Regex.InfiniteMatchTimeout;

        var clock = Stopwatch.StartNew();
        Regex regex;
        try
        {
            regex = new Regex(pattern, options, timeout);
        }
        catch (ArgumentException e)
        {
            Line("ERROR compile " + Clean(e.Message));
            return;
        }
        catch (InsufficientExecutionStackException e)
        {
            // Limits of the regex parser and compiler: nesting depth, memory.
            Line("ERROR toolarge " + Clean(e.GetType().Name + ": " + e.Message));
            return;
        }
        catch (OutOfMemoryException e)
        {
            Line("ERROR toolarge " + Clean(e.GetType().Name + ": " + e.Message));
            return;
        }
        TimeSpan compile = clock.Elapsed;
        clock.Restart();
        Match m;
        try
        {
            m = regex.Match(subject);
        }
        catch (RegexMatchTimeoutException)
        {
            Line("ERROR timeout match timeout");
            return;
        }
        catch (OutOfMemoryException e)
        {
            Line("ERROR limit " + Clean(e.Message));
            return;
        }
        catch (InsufficientExecutionStackException e)
        {
            Line("ERROR stack " + Clean(e.Message));
            return;
        }
        TimeSpan matching = clock.Elapsed;
        Line("T " + Ms(compile) + " " + Ms(matching));
        if (!m.Success)
        {
            Line("NOMATCH");
            return;
        }
        int[] numbers = regex.GetGroupNumbers();
        int top = 0;
        foreach (int n in numbers) top = Math.Max(top, n);
        Line("MATCH " + (top + 1).ToString(CultureInfo.InvariantCulture));
        foreach (int n in numbers)
        {
            Group g = m.Groups[n];
            Line(g.Success ? "G " + n + " " + Record(g.Value) : "G " + n + " -");
        }
        foreach (int n in numbers)
        {
            string name = regex.GroupNameFromNumber(n);
            if (name != n.ToString(CultureInfo.InvariantCulture)) Line("N " + name + " " + n);
        }
        foreach (int n in numbers)
        {
            string name = regex.GroupNameFromNumber(n);
            CaptureCollection captures = m.Groups[n].Captures;
            for (int i = 0; i < captures.Count; i++)
            {
                Line("C " + name + " " + i + " " + Record(captures[i].Value));
            }
        }
    }

    static int Main(string[] args)
    {
        output = new BufferedStream(Console.OpenStandardOutput(), 1 << 16);
        try
        {
            Run(args);
        }
        catch (Exception e)
        {
            Line("ERROR match " + Clean(e.GetType().Name + ": " + e.Message));
        }
        Line("END");
        output.Flush();
        return 0;
    }
}
