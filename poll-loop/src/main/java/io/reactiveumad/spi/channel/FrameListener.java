package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.DeviceGoneException;

/** Receives what a {@link MadChannel} reads. Called on the channel's executor thread only. */
public interface FrameListener {

    /** A received MAD, or a completion record ({@link MadFrame#isTimeoutRecord()}). */
    void onFrame(MadFrame frame);

    /**
     * The channel can no longer be used (typically {@link DeviceGoneException}); no frame follows.
     * Frames already delivered stay delivered.
     */
    void onError(Throwable error);
}
