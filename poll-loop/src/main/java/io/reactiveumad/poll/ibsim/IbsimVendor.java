package io.reactiveumad.poll.ibsim;

/** A simulated node's vendor data as ibsim's GET_VENDOR reports it (from its NodeInfo). */
public record IbsimVendor(int vendorId, int vendorPartId, int hardwareVersion, long firmwareVersion) {
}
