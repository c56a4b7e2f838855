package io.reactiveumad.kernelvm;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.kernelvm.guest.InVm;
import io.reactiveumad.test.kernelvm.KernelVm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Boots Linux with Soft-RoCE under qemu once and runs every test class of the {@code guest} package
 * inside it, in one JVM started by the JUnit Platform console launcher on this module's test classpath
 * (the VM sees the host's files at the same paths). Fails listing each in-VM failure.
 *
 * <p>{@value #PREPEND_PROPERTY} names class directories or jars put before the module's classpath in
 * the VM: a one-off run shadows a production class with a deliberately broken build of it to prove the
 * suite notices (see the README).
 */
class KernelVmIT {
    /**
     * The guest's {@code OpenCloseSoakTest} cycles ({@code -Dumad.vm.cycles=1000} for the long run; the
     * test's own default otherwise), passed into the VM.
     */
    private static final String CYCLES_PROPERTY = "umad.vm.cycles";
    /**
     * Boot, one JVM start under TCG and the whole suite; well under the 10-minute budget. A long soak
     * asked for with {@value #CYCLES_PROPERTY} gets a second per cycle more (one takes about 0.4 s under TCG).
     */
    private static final Duration LIMIT = Duration.ofMinutes(8).plusSeconds(Integer.getInteger(CYCLES_PROPERTY, 0));
    /** JUnit's own per-test limit inside the VM, so a hung test fails alone instead of eating the budget. */
    private static final String PER_TEST_TIMEOUT = "90s";
    private static final String PREPEND_PROPERTY = "kernelvm.prependClasspath";

    private final Path baseDir = Path.of(System.getProperty("kernelvm.basedir", "."));
    private final Path buildDir = Path.of(System.getProperty("kernelvm.buildDir", "target"));

    @Test
    void guestSuitePassesAgainstTheRealKernel() throws Exception {
        KernelVm.require();
        Path reports = buildDir.resolve("kernel-vm-reports");
        deleteRecursively(reports);
        Files.createDirectories(reports);

        KernelVm vm = new KernelVm(baseDir.resolve("vm"), buildDir.resolve("vm"));
        KernelVm.Result result = vm.run(launcherCommand(reports), baseDir, List.of(reports), LIMIT,
                buildDir.resolve("kernel-vm.log"));
        System.out.println(result.output());

        Path xml = reports.resolve("TEST-junit-jupiter.xml");
        assertThat(xml).as("the in-VM launcher wrote no report; VM exit %d, output:%n%s", result.exitStatus(),
                result.output()).exists();
        GuestReport report = GuestReport.parse(xml);
        assertThat(report.problems()).as("in-VM test failures (report: %s)", xml).isEmpty();
        assertThat(report.classes()).as("in-VM test classes that ran").containsAll(guestTestClasses());
        assertThat(result.exitStatus()).as("VM exit status; output:%n%s", result.output()).isZero();
    }

    private List<String> launcherCommand(Path reports) throws IOException {
        String prepend = System.getProperty(PREPEND_PROPERTY, "");
        String classpath = (prepend.isBlank() ? "" : prepend + ":") + System.getProperty("kernelvm.testClasses") + ":"
                + Files.readString(Path.of(System.getProperty("kernelvm.classpathFile"))).strip();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // C1 only and the serial GC: the suite is short, and under TCG compiling costs more than it saves
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx512m"));
        String cycles = System.getProperty(CYCLES_PROPERTY);
        if (cycles != null) {
            command.add("-D" + CYCLES_PROPERTY + "=" + cycles);
        }
        command.addAll(List.of("-cp", classpath, "org.junit.platform.console.ConsoleLauncher", "execute",
                "--disable-banner", "--disable-ansi-colors", "--details=tree", "--fail-if-no-tests",
                "--select-package", InVm.class.getPackageName(),
                "--config", "junit.jupiter.execution.timeout.default=" + PER_TEST_TIMEOUT,
                "--config", "junit.jupiter.testclass.order.default=org.junit.jupiter.api.ClassOrderer$OrderAnnotation",
                "--reports-dir", reports.toString()));
        return command;
    }

    /** Every {@code *Test} class compiled into the guest package: each must have run. */
    private static Set<String> guestTestClasses() throws IOException {
        String pkg = InVm.class.getPackageName();
        Path dir = Path.of(System.getProperty("kernelvm.testClasses")).resolve(pkg.replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(name -> name.endsWith("Test.class"))
                    .map(name -> pkg + "." + name.substring(0, name.length() - ".class".length()))
                    .collect(Collectors.toSet());
        }
    }

    /** The test classes that ran and the failures, from the launcher's legacy XML report. */
    record GuestReport(Set<String> classes, List<String> problems) {
        static GuestReport parse(Path xml) throws Exception {
            Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                    .getDocumentElement();
            Set<String> classes = new TreeSet<>();
            List<String> problems = new ArrayList<>();
            NodeList cases = suite.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element testCase = (Element) cases.item(i);
                classes.add(testCase.getAttribute("classname"));
                for (String kind : List.of("failure", "error", "skipped")) {
                    NodeList found = testCase.getElementsByTagName(kind);
                    if (found.getLength() > 0) {
                        problems.add(String.format("%s %s.%s: %s", kind, testCase.getAttribute("classname"),
                                testCase.getAttribute("name"), ((Element) found.item(0)).getAttribute("message")));
                    }
                }
            }
            return new GuestReport(classes, problems);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
