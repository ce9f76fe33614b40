# backref runner for Perl regexes. See engines/README.md for the output format.
use strict;
use warnings;
use Time::HiRes ();

sub slurp {
    my ($file) = @_;
    open(my $fh, '<:raw', $file) or die "cannot read $file: $!";
    local $/;
    my $text = <$fh>;
    close $fh;
    return defined $text ? $text : '';
}

sub clean {
    my ($m) = @_;
    $m = "$m";
    $m =~ s/\s+/ /g;
    $m =~ s/^ | $//g;
    return length($m) > 2000 ? substr($m, 0, 2000) . '...' : $m;
}

binmode STDOUT, ':raw';
my ($pattern_file, $subject_file, $flags) = @ARGV;
$flags = '' unless defined $flags;
die "bad flags $flags\n" unless $flags =~ /\A[msx]*\z/;
my $pattern = slurp($pattern_file);
my $subject = slurp($subject_file);

my @warnings;
local $SIG{__WARN__} = sub { push @warnings, $_[0] };

my $t0 = Time::HiRes::time();
# Flags become a leading `(?msx)`, which applies to the whole pattern.
my $source = $flags eq '' ? $pattern : "(?$flags)$pattern";
my $re = eval { qr/$source/ };
if (!defined $re) {
    # Limits of Perl's regex compiler rather than mistakes in the pattern.
    my $kind = $@ =~ /Too many nested open parens|Regexp out of space|bigger than \d+/i
        ? 'toolarge' : 'compile';
    print "ERROR $kind ", clean($@), "\n", "END\n";
    exit 0;
}
my $t1 = Time::HiRes::time();
my $ok = $subject =~ $re;
my (@start, @end);
if ($ok) {
    @start = @-;
    @end = @+;
}
my $t2 = Time::HiRes::time();
printf "T %.6f %.6f\n", ($t1 - $t0) * 1000, ($t2 - $t1) * 1000;

if ($ok) {
    my $groups = scalar @end;    # $#+ + 1: every group of the pattern, plus group 0
    print "MATCH $groups\n";
    for my $i (0 .. $groups - 1) {
        if (defined $start[$i] && defined $end[$i]) {
            my $text = substr($subject, $start[$i], $end[$i] - $start[$i]);
            print "G $i ", length($text), ':', $text, "\n";
        } else {
            print "G $i -\n";
        }
    }
} else {
    my ($limit) = grep { /recursion limit/i } @warnings;
    if (defined $limit) {
        print 'ERROR limit ', clean($limit), "\n";
    } else {
        print "NOMATCH\n";
    }
}
print "END\n";
