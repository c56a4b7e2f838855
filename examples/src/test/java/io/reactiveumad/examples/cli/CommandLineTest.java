package io.reactiveumad.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The parser alone, on commands made for it: what each syntax sets, and how each misuse is named. */
class CommandLineTest {

    enum Colour { RED, DARK_BLUE }

    /** A converter of its own, as a class. */
    static final class Minutes implements Converter<Duration> {
        @Override
        public Duration convert(String text) {
            if (!text.endsWith("m")) {
                throw new IllegalArgumentException("'" + text + "' is not minutes, as 5m");
            }
            return Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)));
        }
    }

    /** Options several commands share, declared once. */
    static final class Shared implements Declares {
        int shared;

        @Override
        public void declare(Declaration d) {
            d.option("--shared").label("N").defaultValue("7").help("Shared (default: ${DEFAULT-VALUE}).")
                    .to(Values::integer, v -> shared = v);
        }
    }

    /** Flags every command has, whose short names give way to a command's own. */
    static final class Talk implements Declares {
        int talked;

        @Override
        public void declare(Declaration d) {
            d.flag("-v", "--talk").unlessTaken().help("Talk more.").to(() -> talked++);
            d.flag("-q").unlessTaken().help("Never seen: every command here has its own -q or none.").to(() -> { });
        }
    }

    static final class Tool {
        static final CommandInfo INFO = CommandInfo.of(Tool.class, "tool", "A tool.").withVersion("tool 1.0")
                .withSubcommands(Run.INFO, Group.INFO, Parent.INFO, Each.INFO, Pair.INFO);
    }

    /** A command that runs alone with options of its own and some its subcommand shares. */
    static final class Parent implements Callable<Integer>, Declares {
        static final CommandInfo INFO = CommandInfo.of(Parent.class, "parent", "Runs, or has one.")
                .withSubcommands(Run.INFO);
        final Shared shared = new Shared();
        final Talk talk = new Talk();
        CommandSpec spec;

        @Override
        public void declare(Declaration d) {
            spec = d.spec();
            talk.declare(d);
            shared.declare(d);
            d.flag("-q", "--own").help("The parent's alone.").to(() -> { });
        }

        @Override
        public Integer call() {
            spec.out().print("ran " + spec.qualifiedName() + " talking " + talk.talked);
            return 0;
        }
    }

    /** Every kind of declaration; {@link #call()} records what it was given. */
    static final class Run implements Callable<Integer>, Declares {
        static final CommandInfo INFO = CommandInfo.of(Run.class, "run", "Runs.").withAliases("r");
        static Run last;

        CommandSpec spec;
        final Shared shared = new Shared();
        final Talk talk = new Talk();
        int lid;
        int port;
        boolean verbose;
        boolean quiet;
        int outstanding;
        Long big;
        double ratio;
        Colour colour;
        Path file;
        Duration every;
        List<Integer> traps;
        List<String> names = new ArrayList<>();
        Map<String, Long> pairs = new LinkedHashMap<>();
        /** Where -c came among the -s names. */
        int markAt = -1;

        @Override
        public void declare(Declaration d) {
            spec = d.spec();
            talk.declare(d);
            shared.declare(d);
            d.parameter("LID").help("A LID.").to(Values::integer, v -> lid = v);
            d.parameter("PORT").optional().defaultValue("1").help("A port.").to(Values::integer, v -> port = v);
            d.flag("-v", "--verbose").help("Talk.").to(() -> verbose = true);
            d.flag("-q", "--quiet").help("Do not.").to(() -> quiet = true);
            d.option("-o", "--outstanding").label("N").defaultValue("0x10").help("In flight.")
                    .to(Values::integer, v -> outstanding = v);
            d.option("--big").label("N").help("A long.").to(Values::wholeNumber, v -> big = v);
            d.option("--ratio").label("X").help("A double.").to(Values::decimal, v -> ratio = v);
            d.option("--colour").label("C").defaultValue("RED").help("One of ${COMPLETION-CANDIDATES}.")
                    .to(Values.enumeration(Colour.class), v -> colour = v);
            d.option("--file").label("FILE").help("A path.").to(Values::path, v -> file = v);
            d.option("--every").label("TIME").help("Minutes.").to(new Minutes(), v -> every = v);
            d.option("--traps").label("N").split(",").defaultValue("64,65").help("Numbers.")
                    .toList(Values::integer, v -> traps = v);
            d.option("-s", "--name").label("NAME").split(",").help("Names.").toList(Values::text, v -> names = v);
            d.option("--set").label("NAME=VALUE").help("Pairs.").toMap(Values::wholeNumber, v -> pairs = v);
            d.flag("-c", "--mark").help("Marks the place.").to(() -> markAt = names.size());
        }

        @Override
        public Integer call() {
            last = this;
            spec.out().print("ran " + spec.qualifiedName());
            return lid == 99 ? 3 : 0;
        }
    }

    /** A last parameter that is a list: it takes every parameter left. */
    static final class Each implements Callable<Integer>, Declares {
        static final CommandInfo INFO = CommandInfo.of(Each.class, "each", "Takes many.");
        static List<String> last;
        String first;
        List<String> rest = List.of();

        @Override
        public void declare(Declaration d) {
            d.parameter("FIRST").help("One.").to(Values::text, v -> first = v);
            d.parameter("REST").optional().help("Many.").toList(Values::text, v -> rest = List.copyOf(v));
            d.flag("-v").help("Talk.").to(() -> { });
        }

        @Override
        public Integer call() {
            last = new ArrayList<>(List.of(first));
            last.addAll(rest);
            return 0;
        }
    }

    /** A parameter that an option makes two words (smpquery's -c: a LID and a route from it). */
    static final class Pair implements Callable<Integer>, Declares {
        static final CommandInfo INFO = CommandInfo.of(Pair.class, "pair", "Takes one word or two.");
        static String target;
        static String port;
        boolean combined;

        @Override
        public void declare(Declaration d) {
            d.parameter("TARGET").twoWordsWhen(() -> combined, "with -c a LID and a route")
                    .help("One.").to(Values::text, v -> target = v);
            d.parameter("PORT").optional().help("A port.").to(Values::text, v -> port = v);
            d.flag("-c").help("Two words.").to(() -> combined = true);
        }

        @Override
        public Integer call() {
            return 0;
        }
    }

    static final class Group {
        static final CommandInfo INFO = CommandInfo.of(Group.class, "group", "Has its own.").withSubcommands(Run.INFO);
    }

    private record Result(int exitCode, String out, String err, Run run) {
    }

    private static Result run(String... args) {
        Run.last = null;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(Tool.INFO, CommandLine::construct, (e, where) -> {
            where.err().print(where.qualifiedName() + ": " + e.getMessage());
            return e instanceof UsageException ? CommandLine.EXIT_USAGE : 1;
        }).execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString(), Run.last);
    }

    private static void refused(String mention, String... args) {
        Result result = run(args);
        assertThat(result.exitCode()).as("%s", result).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(result.err()).as("%s", result).contains(mention);
        assertThat(result.run()).as("a refused command line runs nothing").isNull();
    }

    @Test
    void aLastListParameterTakesEveryParameterLeft() {
        assertThat(run("each", "a", "b", "-v", "c").exitCode()).isZero();
        assertThat(Each.last).containsExactly("a", "b", "c");
        assertThat(run("each", "a").exitCode()).isZero();
        assertThat(Each.last).containsExactly("a");
        refused("Missing required parameter", "each");
    }

    /** getopt takes options anywhere: one after the parameters still decides how many words each takes. */
    @ParameterizedTest
    @ValueSource(strings = {"-c 6 0,1 2", "6 -c 0,1 2", "6 0,1 2 -c"})
    void anOptionAnywhereDecidesHowManyWordsAParameterTakes(String line) {
        Pair.target = null;
        Pair.port = null;
        List<String> args = new ArrayList<>(List.of("pair"));
        args.addAll(List.of(line.split(" ")));
        assertThat(run(args.toArray(String[]::new)).exitCode()).isZero();
        assertThat(Pair.target).isEqualTo("6 0,1");
        assertThat(Pair.port).isEqualTo("2");
        refused("'TARGET' is two words here, with -c a LID and a route: only '6' was given", "pair", "6", "-c");
    }

    @Test
    void defaultsApplyWhenNothingIsGiven() {
        Result result = run("run", "5");
        assertThat(result.exitCode()).isZero();
        Run run = result.run();
        assertThat(run.lid).isEqualTo(5);
        assertThat(run.port).isEqualTo(1);
        assertThat(run.outstanding).as("hex default").isEqualTo(16);
        assertThat(run.shared.shared).isEqualTo(7);
        assertThat(run.colour).isEqualTo(Colour.RED);
        assertThat(run.traps).containsExactly(64, 65);
        assertThat(run.names).isEmpty();
        assertThat(run.verbose).isFalse();
        assertThat(result.out()).isEqualTo("ran tool run");
    }

    @Test
    void everySyntaxOfAValueSetsIt() {
        Run run = run("r", "--outstanding", "3", "5", "--big=0x1F", "-s", "a,b", "-sc", "--ratio", "2.5", "--colour", "dark_blue",
                "--file", "/tmp/x", "--every", "5m", "--traps", "1", "--traps=2,3", "--set", "A=1", "--set", "B = 0x10",
                "--shared", "-1", "9").run();
        assertThat(run.lid).isEqualTo(5);
        assertThat(run.port).as("after the options").isEqualTo(9);
        assertThat(run.outstanding).isEqualTo(3);
        assertThat(run.big).isEqualTo(31L);
        assertThat(run.names).as("-sc: -s with the value c").containsExactly("a", "b", "c");
        assertThat(run.markAt).isEqualTo(-1);
        assertThat(run.ratio).isEqualTo(2.5);
        assertThat(run.colour).as("in any case").isEqualTo(Colour.DARK_BLUE);
        assertThat(run.file).isEqualTo(Path.of("/tmp/x"));
        assertThat(run.every).isEqualTo(Duration.ofMinutes(5));
        assertThat(run.traps).as("the default replaced, then added to").containsExactly(1, 2, 3);
        assertThat(run.pairs).containsExactly(Map.entry("A", 1L), Map.entry("B", 16L));
        assertThat(run.shared.shared).as("a value starting with a dash").isEqualTo(-1);
    }

    @Test
    void shortFlagsClusterAndAShortOptionTakesTheRestAsItsValue() {
        Run run = run("run", "-vqo8", "5").run();
        assertThat(run.verbose).isTrue();
        assertThat(run.quiet).isTrue();
        assertThat(run.outstanding).isEqualTo(8);
        assertThat(run("run", "-o=12", "5").run().outstanding).isEqualTo(12);
    }

    @Test
    void methodOptionsRunInCommandLineOrder() {
        assertThat(run("run", "5", "-s", "a", "-c", "-s", "b").run().markAt).isEqualTo(1);
        assertThat(run("run", "5", "-c", "-s", "a").run().markAt).isZero();
    }

    @Test
    void aNegativeNumberIsAPositionalParameterWhereOneIsWanted() {
        assertThat(run("run", "-5").run().lid).isEqualTo(-5);
        assertThat(run("run", "--", "-v").exitCode()).as("after --, -v is the LID").isEqualTo(CommandLine.EXIT_USAGE);
        refused("Unknown option: '-7'", "run", "1", "2", "-7");
    }

    @Test
    void subcommandsAndAliasesAreFoundInAnyCase() {
        assertThat(run("RUN", "1").out()).isEqualTo("ran tool run");
        assertThat(run("R", "1").out()).isEqualTo("ran tool run");
        assertThat(run("Group", "Run", "1").out()).isEqualTo("ran tool group run");
    }

    /** As smpquery -D nodeinfo 0,1: options of the subcommand, given before its name, are its own. */
    @Test
    void optionsBeforeASubcommandThatItsParentDoesNotKnowGoToTheSubcommand() {
        Result result = run("-v", "--outstanding", "5", "run", "1");
        assertThat(result.exitCode()).as("%s", result).isZero();
        assertThat(result.run().verbose).isTrue();
        assertThat(result.run().outstanding).isEqualTo(5);
        assertThat(run("group", "-q", "--name=a", "run", "2", "-s", "b").run().names).containsExactly("a", "b");
        refused("tool run: Unknown option: '--nope'", "--nope", "run", "1");
        refused("tool: Unknown option: '--nope'", "--nope");
    }

    /**
     * Options a parent that runs alone also knows, given before its subcommand's name, are the subcommand's too:
     * they were kept by the parent, which does not run, and lost ("sa --json nodes" printed text).
     */
    @Test
    void optionsBeforeASubcommandThatItsParentKnowsGoToTheSubcommandToo() {
        assertThat(run("parent", "--shared", "9").out()).isEqualTo("ran tool parent talking 0");
        Result result = run("parent", "--shared", "9", "run", "1");
        assertThat(result.exitCode()).as("%s", result).isZero();
        assertThat(result.run().shared.shared).isEqualTo(9);
        refused("tool parent run: Unknown option: '--own'", "parent", "--own", "run", "1");
        // A known one before an unknown one went with it ("sa --smkey 1 --mlid 0xc000 MCMR" lost its SM_Key).
        Result mixed = run("parent", "--shared", "9", "-v", "run", "1");
        assertThat(mixed.exitCode()).as("%s", mixed).isZero();
        assertThat(mixed.run().shared.shared).isEqualTo(9);
        assertThat(mixed.run().verbose).isTrue();
    }

    @Test
    void theCommandsResultIsTheExitCode() {
        assertThat(run("run", "99").exitCode()).isEqualTo(3);
        assertThat(run("group", "run", "1").out()).isEqualTo("ran tool group run");
    }

    @Test
    void aGroupGivenNoCommandListsItsCommandsOnStderr() {
        Result result = run("group");
        assertThat(result.exitCode()).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).startsWith("Usage: tool group").contains("Commands:\n  run, r  Runs.\n")
                .endsWith("tool group: Missing required subcommand");
    }

    @Test
    void misuseIsNamed() {
        refused("Missing required parameter: 'LID'", "run");
        refused("Missing required subcommand", "group");
        refused("Unknown command: 'walk'", "walk");
        refused("Unknown option: '--nope'", "run", "1", "--nope");
        refused("Unknown option: '-x' (in '-vx')", "run", "1", "-vx");
        refused("Unexpected argument: '3'", "run", "1", "2", "3");
        refused("option '--verbose' takes no value", "run", "1", "--verbose=yes");
        refused("Missing required parameter for option '--outstanding' (N)", "run", "1", "--outstanding");
        refused("Missing required parameter for option '-o' (N)", "run", "1", "-o", "--verbose");
        assertThat(run("run", "1", "--big", "-5").run().big).as("a negative value is still a value").isEqualTo(-5L);
        refused("option '--big' should be given only once", "run", "1", "--big", "1", "--big", "2");
        refused("Invalid value for option '-o': 'x1' is not a whole number", "run", "1", "-o", "x1");
        refused("Invalid value for option '--outstanding': '99999999999' is out of range", "run", "1", "--outstanding",
                "99999999999");
        refused("Invalid value for option '--big': '0x' is not a whole number", "run", "1", "--big", "0x");
        refused("Invalid value for option '--ratio': 'NaN' is not a number", "run", "1", "--ratio", "NaN");
        refused("Invalid value for option '--colour': 'green' is not one of RED, DARK_BLUE", "run", "1", "--colour", "green");
        refused("Invalid value for option '--every': '5' is not minutes", "run", "1", "--every", "5");
        refused("Invalid value for option '--set': 'A' is not NAME=VALUE", "run", "1", "--set", "A");
        refused("Invalid value for option '--traps': '' is not a whole number", "run", "1", "--traps", "1,");
        refused("Invalid value for parameter LID: 'one' is not a whole number", "run", "one");
        refused("tool run:", "run", "one");
    }

    @Test
    void helpAndVersion() {
        Result help = run("run", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.run()).isNull();
        assertThat(help.out()).startsWith("Usage: tool run [OPTIONS] LID [PORT]\nRuns.\n")
                .contains("  -o, --outstanding=N", "      --traps=N...", "One of RED, DARK_BLUE.",
                        "Shared (default: 7).", "  [PORT]", "  -h, --help")
                .contains("  -V, --version");
        assertThat(run("help", "run").out()).isEqualTo(help.out());
        assertThat(run("run", "--nope", "--help").exitCode()).as("help wins over what follows it, not what precedes")
                .isEqualTo(CommandLine.EXIT_USAGE);
        Result top = run("--help");
        assertThat(top.out()).startsWith("Usage: tool [OPTIONS] COMMAND\n").contains("  run, r", "  -V, --version");
        assertThat(run("help").out()).isEqualTo(top.out());
        assertThat(run("-V").out()).isEqualTo("tool 1.0\n");
        assertThat(run("run", "1", "-V").out()).as("a subcommand prints its command line's version")
                .isEqualTo("tool 1.0\n");
        assertThat(run("run", "1", "-V").run()).isNull();
    }

    @Test
    void aFlagThatGivesWayKeepsOnlyTheNamesNoOtherOptionHas() {
        Result run = run("run", "1", "-v", "--talk", "--talk");
        assertThat(run.run().verbose).as("run's own -v").isTrue();
        assertThat(run.run().talk.talked).as("--talk, whose -v is run's").isEqualTo(2);
        assertThat(run("run", "--help").out()).contains("      --talk ", "  -v, --verbose ").doesNotContain("-v, --talk");
        assertThat(run("parent", "-vv").out()).as("parent has no -v of its own").isEqualTo("ran tool parent talking 2");
        Result help = run("parent", "--help");
        assertThat(help.out()).contains("  -v, --talk ", "  -q, --own ").doesNotContain("Never seen");
    }
}
