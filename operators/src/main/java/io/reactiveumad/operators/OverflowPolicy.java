package io.reactiveumad.operators;

/** What a bounded buffer does with one item too many. */
public enum OverflowPolicy {
    /** Drop the oldest buffered item to make room. */
    DROP_OLDEST,
    /** Drop the item that just arrived. */
    DROP_LATEST,
    /** Terminate the stream with {@code Exceptions.failWithOverflow}. */
    ERROR
}
