package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.MadAttribute;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * How a client of one GSI class asks a node's agent on QP1: its port, its agent (registered on first use), the
 * request options and the service level. What PerfMgt, congestion control and Mellanox's vendor class share; the views
 * a client hands out ({@code withOptions}, {@code withSl}) share the agent, and disposing any of them releases it.
 */
final class Qp1Requests implements Disposable {
    private final MadPort port;
    private final LazyAgent agent;
    private final int mgmtClass;
    private final int classVersion;
    private final RequestOptions options;
    private final int sl;

    private Qp1Requests(MadPort port, LazyAgent agent, int mgmtClass, int classVersion, RequestOptions options, int sl) {
        this.port = port;
        this.agent = agent;
        this.mgmtClass = mgmtClass;
        this.classVersion = classVersion;
        this.options = options;
        this.sl = sl;
    }

    /** Requests of {@code mgmtClass} version {@code classVersion} on {@code port}, with its default options, on SL 0. */
    static Qp1Requests of(MadPort port, int mgmtClass, int classVersion) {
        Objects.requireNonNull(port, "port");
        return new Qp1Requests(port, new LazyAgent(port, AgentSpec.client(mgmtClass, classVersion)), mgmtClass,
                classVersion, port.options().requests(), 0);
    }

    Qp1Requests withOptions(RequestOptions requestOptions) {
        Objects.requireNonNull(requestOptions, "requestOptions");
        return new Qp1Requests(port, agent, mgmtClass, classVersion, requestOptions, sl);
    }

    Qp1Requests withSl(int serviceLevel) {
        return new Qp1Requests(port, agent, mgmtClass, classVersion, options, GsiAddressing.serviceLevel(serviceLevel));
    }

    MadPort port() {
        return port;
    }

    /** A request to QP1 of {@code lid}: {@code classHeader} fills the class's header, {@code body} (may be null) its data. */
    Mono<ReceivedMad> request(int lid, int method, int attributeId, long modifier, MadAttribute body,
                              Consumer<ByteBuffer> classHeader) {
        GsiAddressing.unicastLid(lid);
        return agent.using(a -> a.request(
                Mads.request(mgmtClass, classVersion, method, attributeId, modifier, body, classHeader),
                GsiAddressing.qp1(port.attributes(), lid, sl), options));
    }

    @Override
    public void dispose() {
        agent.dispose();
    }

    @Override
    public boolean isDisposed() {
        return agent.isDisposed();
    }
}
