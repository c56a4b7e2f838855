package io.reactiveumad.client;

import io.reactiveumad.RequestOptions;
import reactor.core.Disposable;

/**
 * What the clients of one GSI class on QP1 ({@link PerfClient}, {@link CcClient}, {@link MlnxClient}) share: their
 * {@link Qp1Requests}, the views that differ from a client only in request options or service level, and disposal,
 * which releases the agent every view shares.
 *
 * @param <C> the client
 */
abstract class Qp1Client<C extends Qp1Client<C>> implements Disposable {
    final Qp1Requests requests;

    Qp1Client(Qp1Requests requests) {
        this.requests = requests;
    }

    /** This client, sending with {@code other} (a view of the same agent). */
    abstract C with(Qp1Requests other);

    /** A view sharing this client's agent whose requests wait and retry as {@code requestOptions} says. */
    public C withOptions(RequestOptions requestOptions) {
        return with(requests.withOptions(requestOptions));
    }

    /** A view sharing this client's agent that sends on service level {@code serviceLevel}. */
    public C withSl(int serviceLevel) {
        return with(requests.withSl(serviceLevel));
    }

    /** Releases the agent, for this client and every view of it. */
    @Override
    public void dispose() {
        requests.dispose();
    }

    @Override
    public boolean isDisposed() {
        return requests.isDisposed();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + requests.port().spec() + ")";
    }
}
