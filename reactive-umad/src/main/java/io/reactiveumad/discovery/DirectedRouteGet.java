package io.reactiveumad.discovery;

import io.reactiveumad.client.AttributeType;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import reactor.core.publisher.Mono;

/** One SubnGet, decoded: {@link SmpClient#get}'s shape, so tests can stand in for the fabric. */
interface DirectedRouteGet {
    <T> Mono<T> get(SmpRoute route, AttributeType<T> type, long modifier);
}
