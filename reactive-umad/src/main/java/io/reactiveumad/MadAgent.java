package io.reactiveumad;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A registered agent on a {@link MadPort}: one management class and version. Sends requests and
 * receives their responses; if it serves methods, receives unsolicited MADs too. Disposing it
 * unregisters it, fails its pending requests with a cancellation and completes its streams.
 */
public interface MadAgent extends Disposable {

    AgentSpec spec();

    MadPort port();

    /**
     * The transport's id for this agent (on a kernel port the id {@code ib_umad} assigned): unique among
     * the port's open agents, and given again to a later agent once this one is closed.
     */
    int id();

    /** This agent's counters now; cheap, from any thread (the event loop counts without locks). */
    AgentStats stats();

    /**
     * Unsolicited MADs (requests, traps, reports) for the methods this agent serves. Reading follows
     * demand: with no demand the port stops reading once requests are not waiting either, and the
     * kernel queue buffers. The stream is hot and may have one subscriber at a time (a second one gets
     * an {@code IllegalStateException} saying to {@code share()} it); signals arrive on the port's delivery
     * scheduler.
     *
     * @throws IllegalStateException if this agent serves no methods (a client receives nothing), at the
     *                               call, as {@link #serve} does: it is a mistake in the code, not the fabric
     */
    Flux<ReceivedMad> receive();

    /**
     * Sends {@code request} on subscribe and emits the response whose low 32 TID bits match. The low 32
     * TID bits are allocated here (the request's own are ignored); resends keep the TID. Fails with
     * {@code MadTimeoutException} after every attempt, {@code MadStatusException} for a non-zero status
     * (after busy retries). Cancelling frees the TID.
     */
    Mono<ReceivedMad> request(Mad request, MadAddress to, RequestOptions options);

    /** {@link #request(Mad, MadAddress, RequestOptions)} with the port's {@link PortOptions#requests()}. */
    default Mono<ReceivedMad> request(Mad request, MadAddress to) {
        return request(request, to, port().options().requests());
    }

    /** Sends one MAD that expects no response (a trap, a Send); completes once handed to the transport. */
    Mono<Void> send(Mad mad, MadAddress to);

    /**
     * Answers {@code request} with {@code response}: the R bit is set on the method (a Set is answered
     * with GetResp as IBA says), the TID is the request's, the destination is the request's source.
     */
    Mono<Void> respond(ReceivedMad request, Mad response);

    /**
     * Answers every unsolicited MAD with what {@code handler} returns (empty: no answer). A handler that
     * fails is logged and skips that MAD; serving stops (logged at WARN) if the stream ends with an error.
     *
     * @throws IllegalStateException if this agent serves no methods (a client receives nothing to serve)
     */
    Disposable serve(Function<ReceivedMad, Mono<Mad>> handler);
}
