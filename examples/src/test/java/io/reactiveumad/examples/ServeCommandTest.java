package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code umad serve} in-process: the acceptance ({@code serve --demo}, then notices on {@code /events} within seconds). */
class ServeCommandTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void serveDemoStreamsNoticesWithinSeconds() throws Exception {
        int port = freePort();
        CompletableFuture<CliRun> run = new CompletableFuture<>();
        Thread cli = new Thread(() -> run.complete(CliRun.run("serve", "--demo", "--demo-period", "0.5",
                "--http-port", Integer.toString(port))), "umad serve");
        cli.start();
        HttpClient http = HttpClient.newHttpClient();
        URI events = URI.create("http://127.0.0.1:" + port + "/events");
        try {
            await().atMost(WAIT).ignoreExceptions().until(() -> http.send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + port + "/api/links")).build(), HttpResponse.BodyHandlers.ofString()).statusCode() == 200);
            HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(events).build(), HttpResponse.BodyHandlers.ofLines());
            assertThat(stream.headers().firstValue("content-type")).hasValue("text/event-stream; charset=utf-8");
            try (Stream<String> lines = stream.body()) {
                Optional<String> notice = CompletableFuture.supplyAsync(() -> lines.dropWhile(l -> !l.equals("event: notice"))
                        .skip(1).findFirst()).get(10, TimeUnit.SECONDS);
                assertThat(notice).hasValueSatisfying(data -> assertThat(data).startsWith("data: {\"time\":").contains("\"trap\":"));
            }
        } finally {
            cli.interrupt();
        }
        CliRun done = run.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(done.exitCode()).as("%s", done).isZero();
        assertThat(done.out()).startsWith("serving http://127.0.0.1:" + port + "/ on embedded (host4 port 1); demo:");
    }

    @Test
    void theDemoRefusesAFabricItCannotChange() {
        CliRun run = CliRun.run("serve", "--demo", "--transport", "ibsim", "--http-port", "0");
        assertThat(run.exitCode()).as("bad usage").isEqualTo(2);
        assertThat(run.err()).isEqualTo("umad serve: --demo changes the fabric, so it runs on the embedded fabric only "
                + "(try 'umad serve --help')\n");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
