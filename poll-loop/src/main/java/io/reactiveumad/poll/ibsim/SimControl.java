package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.mad.NativeIoException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The control conversation with ibsim over {@code <base>:ctl}: one {@link SimCtl} call, one reply.
 * Calls are serialised by a lock, so {@code port()} may run on any thread while the loop owns the data
 * socket; {@link #tryDisconnect} lets the loop detach without waiting for another thread's call. A
 * reply that does not come within the endpoint's control timeout means ibsim is gone.
 */
final class SimControl implements AutoCloseable {
    /** ibsim's {@code IBSIM_MAX_CLIENTS}: client slots per simulator. */
    static final int MAX_CLIENTS = 10;
    private static final long DISCONNECT_WAIT_MS = 1_000;

    private final SimSocket socket;
    private final String simulator;
    private final long timeoutMs;
    private final SimCtl ctl = new SimCtl();
    private final ReentrantLock lock = new ReentrantLock();
    private int clientId;

    SimControl(SimSocket socket, String simulator, long timeoutMs) {
        this.socket = socket;
        this.simulator = simulator;
        this.timeoutMs = timeoutMs;
    }

    /** What CONNECT answered: our client slot and the node ibsim attached us to. */
    record Attachment(int clientId, String nodeId, boolean acceptsRequests) {
    }

    /**
     * Attaches to {@code nodeId} (null: ibsim's default node) as client {@code id}. With
     * {@code acceptRequests}, first tries as the node's request receiver, then as a plain client.
     */
    Attachment connect(int id, String nodeId, boolean acceptRequests) {
        lock.lock();
        try {
            if (acceptRequests) {
                try {
                    return connectOnce(id, nodeId, true);
                } catch (IbsimException refused) {
                    // Most likely another client (OpenSM) already receives this node's requests.
                    return connectOnce(id, nodeId, false);
                }
            }
            return connectOnce(id, nodeId, false);
        } finally {
            lock.unlock();
        }
    }

    private Attachment connectOnce(int id, String nodeId, boolean issm) {
        return call(SimCtl.TYPE_CONNECT, SimCtl.INFO_SIZE, c -> {
            c.dataInt(SimCtl.INFO_ID_OFFSET, id).dataInt(SimCtl.INFO_ISSM_OFFSET, issm ? 1 : 0);
            if (nodeId != null) {
                c.dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE, nodeId);
            }
        }, reply -> {
            clientId = reply.dataInt(SimCtl.INFO_ID_OFFSET);
            return new Attachment(clientId, reply.dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE),
                    issm);
        }, () -> "CONNECT to node \"" + (nodeId == null ? "(default)" : nodeId)
                + "\" refused: unknown node, all " + MAX_CLIENTS + " clients attached, or the node already has a"
                + " request receiver");
    }

    /** A call whose request carries no data; returns the reply's 64 data bytes. */
    byte[] get(int type) {
        return call(type, 0, c -> { }, SimCtl::data, () -> SimCtl.typeName(type) + " refused");
    }

    /** GET_PORTINFO for the attached port (port number 0 in the request). */
    byte[] portInfo() {
        return call(SimCtl.TYPE_GET_PORTINFO, 1, c -> c.dataByte(SimCtl.DATA_OFFSET, 0), SimCtl::data,
                () -> "GET_PORTINFO refused");
    }

    <T> T vendor(Function<SimCtl, T> decoder) {
        return call(SimCtl.TYPE_GET_VENDOR, SimCtl.VENDOR_SIZE, c -> { }, decoder, () -> "GET_VENDOR refused");
    }

    /** SET_ISSM: sets or clears IsSM in the port's CapabilityMask (and makes us its request receiver). */
    void setIsSm(boolean isSm) {
        call(SimCtl.TYPE_SET_ISSM, 4, c -> c.dataInt(SimCtl.DATA_OFFSET, isSm ? 1 : 0), r -> null,
                () -> "SET_ISSM refused");
    }

    /**
     * DISCONNECT, waiting at most {@value #DISCONNECT_WAIT_MS} ms for the reply (ibsim answers at once;
     * closing before it does makes it log a refused reply), after any call another thread is in. A
     * simulator already gone is fine.
     */
    void disconnect() {
        lock.lock();
        try {
            disconnectLocked();
        } finally {
            lock.unlock();
        }
    }

    /** {@link #disconnect()} unless another thread is in a call (which may wait up to the control timeout): false then. */
    boolean tryDisconnect() {
        if (!lock.tryLock()) {
            return false;
        }
        try {
            disconnectLocked();
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void disconnectLocked() {
        ctl.reset(clientId, SimCtl.TYPE_DISCONNECT, 0);
        try {
            if (socket.send(ctl.buffer()) && socket.awaitReadable(Math.min(timeoutMs, DISCONNECT_WAIT_MS))) {
                socket.receive(ctl.buffer());
            }
        } catch (NativeIoException gone) {
            // ibsim is gone: nothing to detach from.
        }
    }

    private <T> T call(int type, int dataLength, Consumer<SimCtl> request, Function<SimCtl, T> reply,
                       java.util.function.Supplier<String> refusal) {
        lock.lock();
        try {
            return callLocked(type, dataLength, request, reply, refusal);
        } finally {
            lock.unlock();
        }
    }

    private <T> T callLocked(int type, int dataLength, Consumer<SimCtl> request, Function<SimCtl, T> reply,
                             java.util.function.Supplier<String> refusal) {
        while (socket.receive(ctl.buffer()) >= 0) {
            // A late reply to an earlier call that timed out: discard it.
        }
        ctl.reset(clientId, type, dataLength);
        request.accept(ctl);
        if (!socket.send(ctl.buffer()) || !socket.awaitReadable(timeoutMs)) {
            throw new DeviceGoneException(simulator, Errors.ETIMEDOUT, "no reply to " + SimCtl.typeName(type)
                    + " within " + timeoutMs + " ms (the simulator stopped or hung)");
        }
        int length = socket.receive(ctl.buffer());
        if (length != SimCtl.SIZE || ctl.magic() != SimCtl.MAGIC) {
            throw new IbsimException(simulator + ": malformed control reply (" + length + " bytes)");
        }
        if (ctl.type() == SimCtl.TYPE_ERROR) {
            throw new IbsimException(simulator + ": " + refusal.get());
        }
        return reply.apply(ctl);
    }

    int clientId() {
        return clientId;
    }

    @Override
    public void close() {
        socket.close();
    }
}
