package io.reactiveumad.mad;

import java.time.Duration;

/** No response arrived for a request within its timeout, after every retry (user-space timer or kernel ETIMEDOUT). */
public class MadTimeoutException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final long tid;
    private final int attempts;

    public MadTimeoutException(long tid, int attempts, Duration perAttempt, String source) {
        super(String.format("no response to TID 0x%016x after %d attempt(s) of %d ms (%s)", tid, attempts,
                perAttempt.toMillis(), source));
        this.tid = tid;
        this.attempts = attempts;
    }

    public long tid() {
        return tid;
    }

    public int attempts() {
        return attempts;
    }
}
