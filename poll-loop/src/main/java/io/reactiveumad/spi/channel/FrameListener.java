package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.MadAddress;

/** Receives what a {@link MadChannel} reads. Called on the channel's executor thread only. */
public interface FrameListener {

    /**
     * A received MAD, or a completion record ({@code status} {@link MadFrame#ETIMEDOUT}), as the fields of a
     * {@link MadFrame}: a channel reading MADs hands over the array it read into and no frame object.
     *
     * @param agentId the agent it is for
     * @param status  0, or the errno of a completion record
     * @param source  where it came from (for a completion record: where the request went)
     * @param mad     the bytes, the listener's from now on: the channel never touches the array again
     */
    void onFrame(int agentId, int status, MadAddress source, byte[] mad);

    /** A frame a channel kept (queued, or built by a test) rather than read just now. */
    default void onFrame(MadFrame frame) {
        onFrame(frame.agentId(), frame.status(), frame.address(), frame.mad());
    }

    /**
     * The channel can no longer be used (typically {@link DeviceGoneException}); no frame follows.
     * Frames already delivered stay delivered.
     */
    void onError(Throwable error);
}
