package io.reactiveumad.discovery;

import io.reactiveumad.RequestOptions;
import java.nio.ByteBuffer;
import reactor.core.publisher.Mono;

/** One directed-route SubnGet: the answer's 64 bytes of SMP data, or a typed error (timeout, MAD status). */
@FunctionalInterface
interface DirectedRouteGet {
    Mono<ByteBuffer> get(DirectedPath path, int attributeId, int attributeModifier, RequestOptions options);
}
