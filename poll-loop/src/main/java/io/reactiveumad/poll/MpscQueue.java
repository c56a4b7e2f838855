package io.reactiveumad.poll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Unbounded multi-producer, single-consumer queue (Vyukov's linked queue): a producer pays one
 * atomic swap and one release store, the consumer no atomics at all.
 *
 * <p>Between a producer's swap and its link store, {@link #poll()} may return null while
 * {@link #isEmpty()} is already false; the loop treats that as "not empty, look again soon".
 */
final class MpscQueue<E> {
    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Node<E> {
        E value;
        @SuppressWarnings("unused") // accessed through NEXT
        Node<E> next;

        Node(E value) {
            this.value = value;
        }
    }

    private final AtomicReference<Node<E>> tail;
    /** Consumer-owned: the last consumed node, whose value is already null. */
    private Node<E> head;

    MpscQueue() {
        head = new Node<>(null);
        tail = new AtomicReference<>(head);
    }

    /** Any thread. */
    void offer(E value) {
        Node<E> node = new Node<>(value);
        Node<E> previous = tail.getAndSet(node);
        NEXT.setRelease(previous, node);
    }

    /** Consumer thread only; null when empty or when the next element is not linked yet. */
    @SuppressWarnings("unchecked")
    E poll() {
        Node<E> next = (Node<E>) NEXT.getAcquire(head);
        if (next == null) {
            return null;
        }
        E value = next.value;
        next.value = null;
        head = next;
        return value;
    }

    /** Consumer thread only. */
    boolean isEmpty() {
        return head == tail.get();
    }
}
