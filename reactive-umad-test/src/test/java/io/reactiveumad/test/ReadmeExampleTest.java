package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.Transport;
import io.reactiveumad.test.topology.Topology;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * The README's code example ("In code"), read from README.md itself, compiled and run on the embedded
 * fabric, so the README cannot rot. Its one change: the transport the README opens first
 * ({@code KernelTransport.system()}) becomes the embedded fabric's, the README's own third choice.
 * The example prints what it gets; the test waits for the NodeInfo line and a notice while a link flaps.
 * Public only so the compiled example can read {@link #fabricUnderTest}.
 */
public class ReadmeExampleTest {
    private static final Pattern SNIPPET = Pattern.compile("## In code\\s+```java\\n(.*?)```", Pattern.DOTALL);
    private static final String KERNEL = "KernelTransport.system()";
    private static final Duration WITHIN = Duration.ofSeconds(60);

    /** The transport the compiled example opens instead of the kernel's. */
    public static volatile Transport fabricUnderTest;

    @Test
    void theReadmeExampleCompilesAndRuns(@TempDir Path work) throws Exception {
        String snippet = snippet();
        assertThat(snippet).as("the README example opens the kernel transport first").contains(KERNEL);
        Class<?> example = compile(work, snippet.replace(KERNEL, ReadmeExampleTest.class.getName() + ".fabricUnderTest"));

        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (EmbeddedFabric embedded = EmbeddedFabric.start(Topology.defaultTopology())) {
            fabricUnderTest = embedded.transport();
            System.setOut(new PrintStream(new Tee(stdout, printed), true, StandardCharsets.UTF_8));
            ((Runnable) example.getConstructor().newInstance()).run();
            // On boundedElastic: each change waits for the fabric's loop, which Reactor's parallel threads must not.
            Disposable flapping = Flux.interval(Duration.ofMillis(300), Schedulers.boundedElastic()).take(200).subscribe(i -> {
                if (i % 2 == 0) {
                    embedded.unlink("host2", 1);
                } else {
                    embedded.relink("host2", 1);
                }
            });
            try {
                await().atMost(WITHIN).untilAsserted(() -> assertThat(printed.toString(StandardCharsets.UTF_8))
                        .containsPattern("lid \\d+ is NodeInfo\\[")
                        .contains("Notice[generic=true"));
            } finally {
                flapping.dispose();
            }
        } finally {
            System.setOut(stdout);
            fabricUnderTest = null;
        }
    }

    /** The first java block after "## In code" in the repository's README.md. */
    private static String snippet() throws IOException {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (dir != null && !(Files.exists(dir.resolve("README.md")) && Files.exists(dir.resolve("mad")))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the repository root above %s", System.getProperty("user.dir")).isNotNull();
        Matcher m = SNIPPET.matcher(Files.readString(dir.resolve("README.md")));
        assertThat(m.find()).as("README.md has a java block under \"## In code\"").isTrue();
        return m.group(1);
    }

    /** The snippet as the body of {@code readme.Example.run()}, with the imports a reader would add. */
    private static Class<?> compile(Path work, String body) throws Exception {
        String source = """
                package readme;
                import io.reactiveumad.*;
                import io.reactiveumad.client.*;
                import io.reactiveumad.test.*;
                import reactor.core.publisher.*;
                public final class Example implements Runnable {
                    @Override
                    public void run() {
                """ + body + """
                    }
                }
                """;
        Path file = work.resolve("readme/Example.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK's compiler").isNotNull();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, null, errors, "-classpath", classpath, "-d", work.toString(), file.toString());
        assertThat(status).as("javac on the README example:\n%s\n%s", errors.toString(StandardCharsets.UTF_8), source)
                .isZero();
        URLClassLoader loader = new URLClassLoader(new URL[] {work.toUri().toURL()}, ReadmeExampleTest.class.getClassLoader());
        return loader.loadClass("readme.Example");
    }

    /** Writes to both: the example's output still shows in the test log. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public synchronized void write(int octet) throws IOException {
            a.write(octet);
            b.write(octet);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            a.write(bytes, offset, length);
            b.write(bytes, offset, length);
        }
    }
}
