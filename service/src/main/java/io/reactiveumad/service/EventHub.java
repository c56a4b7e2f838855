package io.reactiveumad.service;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/**
 * Fans the service's events out to every SSE client without ever waiting for one: each client has its own
 * bounded queue, and an event that does not fit is dropped for that client only and counted; the client is
 * told how many it missed (a {@code lost} event) as soon as its queue has room again. So a slow or stalled
 * browser costs a bounded amount of memory and never slows the publisher (the MAD loop's subscribers) or
 * the other clients.
 *
 * <p>The last {@code replay} events are kept so a client that reconnects with {@code Last-Event-ID} gets
 * exactly what it missed; one whose id is older (or unknown) gets a snapshot instead.
 *
 * <p>Not thread-safe by itself: {@link FabricView} calls it under its own lock, which is what makes a
 * snapshot and the events after it one gap-free sequence.
 */
final class EventHub {
    private final int clientBuffer;
    private final int replay;
    private final ArrayDeque<ServiceEvent> recent = new ArrayDeque<>();
    private final Set<Client> clients = new CopyOnWriteArraySet<>();
    private final AtomicLong dropped = new AtomicLong();
    private long sequence;

    EventHub(int clientBuffer, int replay) {
        this.clientBuffer = clientBuffer;
        this.replay = replay;
    }

    /** Numbers {@code data} as the next event, remembers it for replay and offers it to every client. */
    ServiceEvent publish(String kind, Object data) {
        ServiceEvent event = new ServiceEvent(++sequence, kind, data);
        recent.addLast(event);
        if (recent.size() > replay) {
            recent.removeFirst();
        }
        clients.forEach(c -> c.offer(event));
        return event;
    }

    long lastId() {
        return sequence;
    }

    /**
     * A new client's stream: the events after {@code lastEventId} when they are all still kept, else a
     * snapshot (numbered with the current sequence) first; then every event from now on.
     */
    Flux<ServiceEvent> connect(Long lastEventId, Supplier<Object> snapshot) {
        Client client = new Client(Sinks.many().unicast().onBackpressureBuffer(Queues.<ServiceEvent>get(clientBuffer).get()));
        List<ServiceEvent> missed = lastEventId == null ? null : since(lastEventId);
        if (missed == null) {
            client.offer(new ServiceEvent(sequence, ServiceEvent.SNAPSHOT, snapshot.get()));
        } else {
            missed.forEach(client::offer);
        }
        clients.add(client);
        return client.events().doFinally(signal -> clients.remove(client));
    }

    /** The kept events after {@code id}; null when some of them are no longer kept (or the id is unknown). */
    private List<ServiceEvent> since(long id) {
        if (id > sequence || id < 0) {
            return null;
        }
        long oldestKept = recent.isEmpty() ? sequence + 1 : recent.peekFirst().id();
        if (id + 1 < oldestKept) {
            return null;
        }
        List<ServiceEvent> after = new ArrayList<>();
        for (ServiceEvent e : recent) {
            if (e.id() > id) {
                after.add(e);
            }
        }
        return after;
    }

    int clients() {
        return clients.size();
    }

    /** Events dropped for some client because its queue was full, over all clients ever. */
    long dropped() {
        return dropped.get();
    }

    /**
     * One SSE client's queue. Offers come from the publisher (under the view's lock) and the "you missed n"
     * notice also from the client's own delivery thread, so the sink's emissions are serialised here.
     */
    private final class Client {
        private final Sinks.Many<ServiceEvent> sink;
        private long missed;

        Client(Sinks.Many<ServiceEvent> sink) {
            this.sink = sink;
        }

        /** The client's stream: each event it takes frees a slot, so a pending "you missed n" goes out then. */
        Flux<ServiceEvent> events() {
            return sink.asFlux().doOnNext(delivered -> tellMissed());
        }

        synchronized void offer(ServiceEvent event) {
            if (!tellMissed() || sink.tryEmitNext(event).isFailure()) {
                missed++;
                dropped.incrementAndGet();
            }
        }

        /** Sends the count of missed events if there is one; false if it could not (the queue is still full). */
        synchronized boolean tellMissed() {
            if (missed == 0) {
                return true;
            }
            if (sink.tryEmitNext(new ServiceEvent(ServiceEvent.NO_ID, ServiceEvent.LOST, Map.of("missed", missed))).isFailure()) {
                return false;
            }
            missed = 0;
            return true;
        }
    }
}
