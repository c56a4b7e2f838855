package io.reactiveumad.examples;

import io.reactiveumad.ReceivedMad;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;

/**
 * How ping -S and sysstat -S run: every question answered until -c of them were, until the port closes (its failure
 * thrown, as any command's), or until the command's thread is interrupted, which is how an embedding program or a test
 * stops a server (Ctrl-C ends the whole process instead). At the end the answers by sender LID, resends included: what
 * tells a question lost on the way from an answer lost on the way back, on the other side.
 */
final class QuestionServer {
    private QuestionServer() {
    }

    /**
     * Serves {@code questions} through {@code answering}, which emits each question it answered, and prints
     * "umad COMMAND: answered N NOUN, by LID {...}" to {@code err}. {@code count} (null for none) counts questions, not
     * answers: a resend (the same sender and TID, its answer lost or late) is answered again but is the same question.
     * Returns whether it stopped because it was interrupted; the caller sets the flag again once its port is closed,
     * which the flag would otherwise abort.
     */
    static boolean serve(String command, String noun, Flux<ReceivedMad> questions, Long count,
                         Function<Flux<ReceivedMad>, Flux<ReceivedMad>> answering, PrintWriter err) {
        Flux<ReceivedMad> asked = questions;
        if (count != null) {
            record Question(int lid, long tid) {
            }
            // Touched by the delivery thread only; holds at most count questions.
            Set<Question> distinct = new HashSet<>();
            asked = questions.takeUntil(q -> distinct.add(new Question(q.source().lid(), q.mad().tid()))
                    && distinct.size() >= count);
        }
        Map<Integer, Long> answered = new ConcurrentSkipListMap<>();
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Disposable serving = answering.apply(asked).doOnNext(q -> answered.merge(q.source().lid(), 1L, Long::sum))
                .subscribe(null, e -> {
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
        err.println("umad " + command + ": answered " + answered.values().stream().mapToLong(Long::longValue).sum() + " "
                + noun + ", by LID " + answered);
        return interrupted;
    }
}
