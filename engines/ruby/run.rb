# backref runner for Ruby's Regexp (Onigmo). See engines/README.md for the output format.
# Usage: ruby run.rb PATTERN_FILE SUBJECT_FILE [FLAGS]
# Ruby's `^` and `$` always match at line breaks, so the `m` flag needs nothing; Ruby's own
# Regexp::MULTILINE is "dot matches newline", backref's `s`.

def clean(message)
  text = message.to_s.split.join(' ')
  text.length > 2000 ? text[0, 2000] + '...' : text
end

def record(text)
  data = text.b
  "#{data.bytesize}:#{data}"
end

def main(out)
  pattern_file, subject_file, letters = ARGV
  letters ||= ''
  options = 0
  letters.each_char do |c|
    case c
    when 'x' then options |= Regexp::EXTENDED
    when 's' then options |= Regexp::MULTILINE
    when 'm' then nil
    else raise ArgumentError, "bad flag #{c}"
    end
  end
  pattern = File.binread(pattern_file).force_encoding(Encoding::UTF_8)
  subject = File.binread(subject_file).force_encoding(Encoding::UTF_8)

  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  begin
    regex = Regexp.new(pattern, options)
  rescue RegexpError => e
    # Limits of Onigmo's parser and compiler rather than mistakes in the pattern.
    kind = e.message =~ /too big|too long|too many|depth limit|memory/i ? 'toolarge' : 'compile'
    out << "ERROR #{kind} #{clean(e.message)}"
    return
  rescue SystemStackError, NoMemoryError => e
    out << "ERROR toolarge #{clean("#{e.class}: #{e.message}")}"
    return
  end
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  begin
    m = regex.match(subject)
  rescue RegexpError => e
    # Onigmo's match-time errors (its backtrack stack, memory): the search was cut short.
    out << "ERROR limit #{clean(e.message)}"
    return
  rescue NoMemoryError => e
    out << "ERROR limit #{clean("#{e.class}: #{e.message}")}"
    return
  rescue SystemStackError => e
    out << "ERROR stack #{clean(e.message)}"
    return
  end
  t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  out << format('T %.6f %.6f', (t1 - t0) * 1000, (t2 - t1) * 1000)
  if m.nil?
    out << 'NOMATCH'
    return
  end
  out << "MATCH #{m.size}"
  (0...m.size).each do |i|
    text = m[i]
    out << (text.nil? ? "G #{i} -" : "G #{i} #{record(text)}")
  end
  regex.named_captures.sort_by { |_, numbers| numbers.first }.each do |name, numbers|
    numbers.each { |n| out << "N #{name} #{n}" }
  end
end

lines = []
begin
  main(lines)
rescue StandardError => e
  lines << "ERROR match #{clean("#{e.class}: #{e.message}")}"
end
lines << 'END'
$stdout.binmode
$stdout.write(lines.map(&:b).join("\n") + "\n")
$stdout.flush
