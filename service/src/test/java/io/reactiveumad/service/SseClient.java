package io.reactiveumad.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * A Server-Sent Events client over the JDK's HTTP client: reads the stream on its own thread and keeps
 * every event it parsed, in order. Closing it closes the connection.
 */
final class SseClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One parsed event; {@code id} is null when the event had no {@code id:} line. */
    record Event(Long id, String kind, JsonNode data) {
    }

    private final List<Event> events = new ArrayList<>();
    private final CompletableFuture<Stream<String>> lines;
    private final Thread reader;

    SseClient(HttpClient http, URI events, Long lastEventId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(events).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", Long.toString(lastEventId));
        }
        this.lines = http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines()).thenApply(HttpResponse::body);
        this.reader = new Thread(this::read, "sse-client " + events);
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        Long id = null;
        String kind = null;
        String data = null;
        try (Stream<String> stream = lines.join()) {
            for (var it = stream.iterator(); it.hasNext(); ) {
                String line = it.next();
                if (line.isEmpty()) {
                    if (kind != null) {
                        Event event = new Event(id, kind, parse(data));
                        synchronized (events) {
                            events.add(event);
                        }
                    }
                    id = null;
                    kind = null;
                    data = null;
                } else if (line.startsWith("id: ")) {
                    id = Long.parseLong(line.substring(4));
                } else if (line.startsWith("event: ")) {
                    kind = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = line.substring(6);
                }
            }
        } catch (RuntimeException closed) {
            // close() ends the stream; nothing more to read
        }
    }

    private static JsonNode parse(String data) {
        try {
            return JSON.readTree(data);
        } catch (IOException e) {
            throw new UncheckedIOException("an event's data is not JSON: " + data, e);
        }
    }

    List<Event> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    List<Event> events(String kind) {
        return events().stream().filter(e -> e.kind().equals(kind)).toList();
    }

    @Override
    public void close() {
        lines.thenAccept(Stream::close);
        lines.cancel(true);
    }
}
