/* Prints the ib_umad ABI as this machine's kernel headers declare it, one "name value" per line,
 * for UmadAbiLayoutTest to compare with the Java layout classes. */
#include <stddef.h>
#include <stdio.h>
#include <rdma/ib_user_mad.h>

#define SIZE(type) printf("sizeof_%s %zu\n", #type, sizeof(struct type))
#define FIELD(type, field) printf("%s.%s %zu\n", #type, #field, offsetof(struct type, field))
#define NUMBER(name) printf("%s %lu\n", #name, (unsigned long)(name))

int main(void) {
    SIZE(ib_user_mad_hdr);
    FIELD(ib_user_mad_hdr, id);
    FIELD(ib_user_mad_hdr, status);
    FIELD(ib_user_mad_hdr, timeout_ms);
    FIELD(ib_user_mad_hdr, retries);
    FIELD(ib_user_mad_hdr, length);
    FIELD(ib_user_mad_hdr, qpn);
    FIELD(ib_user_mad_hdr, qkey);
    FIELD(ib_user_mad_hdr, lid);
    FIELD(ib_user_mad_hdr, sl);
    FIELD(ib_user_mad_hdr, path_bits);
    FIELD(ib_user_mad_hdr, grh_present);
    FIELD(ib_user_mad_hdr, gid_index);
    FIELD(ib_user_mad_hdr, hop_limit);
    FIELD(ib_user_mad_hdr, traffic_class);
    FIELD(ib_user_mad_hdr, gid);
    FIELD(ib_user_mad_hdr, flow_label);
    FIELD(ib_user_mad_hdr, pkey_index);

    SIZE(ib_user_mad_reg_req);
    FIELD(ib_user_mad_reg_req, id);
    FIELD(ib_user_mad_reg_req, method_mask);
    FIELD(ib_user_mad_reg_req, qpn);
    FIELD(ib_user_mad_reg_req, mgmt_class);
    FIELD(ib_user_mad_reg_req, mgmt_class_version);
    FIELD(ib_user_mad_reg_req, oui);
    FIELD(ib_user_mad_reg_req, rmpp_version);

    SIZE(ib_user_mad_reg_req2);
    FIELD(ib_user_mad_reg_req2, id);
    FIELD(ib_user_mad_reg_req2, qpn);
    FIELD(ib_user_mad_reg_req2, mgmt_class);
    FIELD(ib_user_mad_reg_req2, mgmt_class_version);
    FIELD(ib_user_mad_reg_req2, res);
    FIELD(ib_user_mad_reg_req2, flags);
    FIELD(ib_user_mad_reg_req2, method_mask);
    FIELD(ib_user_mad_reg_req2, oui);
    FIELD(ib_user_mad_reg_req2, rmpp_version);

    NUMBER(IB_USER_MAD_ABI_VERSION);
    NUMBER(IB_USER_MAD_USER_RMPP);
    NUMBER(IB_USER_MAD_REGISTER_AGENT);
    NUMBER(IB_USER_MAD_UNREGISTER_AGENT);
    NUMBER(IB_USER_MAD_ENABLE_PKEY);
    NUMBER(IB_USER_MAD_REGISTER_AGENT2);
    return 0;
}
