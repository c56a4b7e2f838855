package io.reactiveumad.examples;

import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;

/**
 * How ping -S and sysstat -S run: every question answered until -c of them were, until the port closes (its failure
 * thrown, as any command's), or until the command's thread is interrupted, which is how an embedding program or a test
 * stops a server (Ctrl-C ends the whole process instead). At the end the questions answered, the resends answered
 * again, and the answers by sender LID, resends included: what tells a question lost on the way from an answer lost on
 * the way back, on the other side.
 */
final class QuestionServer {
    private QuestionServer() {
    }

    /**
     * Serves {@code questions} through {@code answering}, which emits each question it answered, and prints
     * "umad COMMAND: answered N NOUN[ and R resent], by LID {...}" to {@code err}. N and {@code count} (null for none)
     * count questions, not answers: a resend (the same sender, by LID and GID, and the TID of its last question: its
     * answer lost or late) is answered again but is the same question.
     * Returns whether it stopped because it was interrupted; the caller sets the flag again once its port is closed,
     * which the flag would otherwise abort.
     */
    static boolean serve(String command, String noun, Flux<ReceivedMad> questions, Long count,
                         Function<Flux<ReceivedMad>, Flux<ReceivedMad>> answering, PrintWriter err) {
        record Sender(int lid, Gid gid) {
        }
        // The TID of each sender's last question answered: one entry a sender, however long the server runs.
        Map<Sender, Long> lastTid = new ConcurrentHashMap<>();
        AtomicLong distinct = new AtomicLong();
        Map<Integer, Long> answered = new ConcurrentSkipListMap<>();
        Flux<ReceivedMad> served = answering.apply(questions).doOnNext(q -> {
            MadAddress from = q.source();
            answered.merge(from.lid(), 1L, Long::sum);
            Long before = lastTid.put(new Sender(from.lid(), from.grh() == null ? null : from.grh().gid()), q.mad().tid());
            if (before == null || before != q.mad().tid()) {
                distinct.incrementAndGet();
            }
        });
        if (count != null) {
            served = served.takeUntil(q -> distinct.get() >= count);
        }
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Disposable serving = served.subscribe(null, e -> {
            failure.set(e);
            ended.countDown();
        }, ended::countDown);
        boolean interrupted = false;
        try {
            ended.await();
        } catch (InterruptedException stop) {
            interrupted = true;
            serving.dispose();
        }
        if (failure.get() != null) {
            throw Exceptions.propagate(failure.get());
        }
        long answers = answered.values().stream().mapToLong(Long::longValue).sum();
        err.println("umad " + command + ": answered " + distinct.get() + " " + noun
                + (answers > distinct.get() ? " and " + (answers - distinct.get()) + " resent" : "") + ", by LID "
                + answered);
        return interrupted;
    }
}
