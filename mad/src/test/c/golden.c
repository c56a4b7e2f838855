/*
 * Golden vectors for the Java codecs in io.reactiveumad.mad, from two independent C encoders:
 * libibmad's field tables (mad_set_field & co. with the IB_*_F descriptors) wherever libibmad has a
 * field, and OpenSM's packed wire structs (iba/ib_types.h) for the fields libibmad lacks; Mellanox's
 * vendor class, which neither has, as structs with vendstat's layout.
 * Prints one line per attribute: "<name> <hex of the encoded attribute>".
 * Every value is chosen to be distinctive; GoldenVectorTest holds the same values as Java records.
 *
 * Build: gcc -I/usr/include/infiniband golden.c -libmad -libumad
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <infiniband/mad.h>
#include <iba/ib_types.h>

/* Big enough for any attribute; libibmad addresses bytes in 32-bit groups, so keep slack. */
#define BUF 256

static void dump(const char *name, const uint8_t *p, int len)
{
	printf("%s ", name);
	for (int i = 0; i < len; i++)
		printf("%02x", p[i]);
	printf("\n");
}

static void gid(uint8_t *raw, uint64_t prefix, uint64_t guid)
{
	ib_gid_t g;
	g.unicast.prefix = cl_hton64(prefix);
	g.unicast.interface_id = cl_hton64(guid);
	memcpy(raw, g.raw, 16);
}

static void node_info(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_NODE_BASE_VERS_F, 1);
	mad_set_field(b, 0, IB_NODE_CLASS_VERS_F, 1);
	mad_set_field(b, 0, IB_NODE_TYPE_F, 2);
	mad_set_field(b, 0, IB_NODE_NPORTS_F, 36);
	mad_set_field64(b, 0, IB_NODE_SYSTEM_GUID_F, 0x0002c90300a1b2c3ULL);
	mad_set_field64(b, 0, IB_NODE_GUID_F, 0x0002c90300a1b2c4ULL);
	mad_set_field64(b, 0, IB_NODE_PORT_GUID_F, 0x0002c90300a1b2c5ULL);
	mad_set_field(b, 0, IB_NODE_PARTITION_CAP_F, 128);
	mad_set_field(b, 0, IB_NODE_DEVID_F, 0xc738);
	mad_set_field(b, 0, IB_NODE_REVISION_F, 0xa0b1c2d3);
	mad_set_field(b, 0, IB_NODE_LOCAL_PORT_F, 7);
	mad_set_field(b, 0, IB_NODE_VENDORID_F, 0x0002c9);
	dump("NodeInfo", b, 40);
}

static void node_description(void)
{
	uint8_t b[BUF] = { 0 };
	char text[64] = "reactive-umad golden HCA-1";
	mad_set_array(b, 0, IB_NODE_DESC_F, text);
	dump("NodeDescription", b, 64);
}

/* PortInfo at base offset {@code base} (a multiple of 4, as libibmad requires). */
static void fill_port_info(uint8_t *b, int base)
{
	mad_set_field64(b, base, IB_PORT_MKEY_F, 0x1122334455667788ULL);
	mad_set_field64(b, base, IB_PORT_GID_PREFIX_F, 0xfe80000000000000ULL);
	mad_set_field(b, base, IB_PORT_LID_F, 0x1234);
	mad_set_field(b, base, IB_PORT_SMLID_F, 0x0042);
	mad_set_field(b, base, IB_PORT_CAPMASK_F, 0x2651e84a);
	mad_set_field(b, base, IB_PORT_DIAG_F, 0x0102);
	mad_set_field(b, base, IB_PORT_MKEY_LEASE_F, 0x0304);
	mad_set_field(b, base, IB_PORT_LOCAL_PORT_F, 5);
	mad_set_field(b, base, IB_PORT_LINK_WIDTH_ENABLED_F, 0x13);
	mad_set_field(b, base, IB_PORT_LINK_WIDTH_SUPPORTED_F, 0x17);
	mad_set_field(b, base, IB_PORT_LINK_WIDTH_ACTIVE_F, 0x02);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_SUPPORTED_F, 7);
	mad_set_field(b, base, IB_PORT_STATE_F, 4);
	mad_set_field(b, base, IB_PORT_PHYS_STATE_F, 5);
	mad_set_field(b, base, IB_PORT_LINK_DOWN_DEF_F, 2);
	mad_set_field(b, base, IB_PORT_MKEY_PROT_BITS_F, 1);
	mad_set_field(b, base, IB_PORT_LMC_F, 3);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_ACTIVE_F, 4);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_ENABLED_F, 6);
	mad_set_field(b, base, IB_PORT_NEIGHBOR_MTU_F, 5);
	mad_set_field(b, base, IB_PORT_SMSL_F, 9);
	mad_set_field(b, base, IB_PORT_VL_CAP_F, 4);
	mad_set_field(b, base, IB_PORT_INIT_TYPE_F, 0xa);
	mad_set_field(b, base, IB_PORT_VL_HIGH_LIMIT_F, 0x21);
	mad_set_field(b, base, IB_PORT_VL_ARBITRATION_HIGH_CAP_F, 8);
	mad_set_field(b, base, IB_PORT_VL_ARBITRATION_LOW_CAP_F, 0x10);
	mad_set_field(b, base, IB_PORT_INIT_TYPE_REPLY_F, 0xc);
	mad_set_field(b, base, IB_PORT_MTU_CAP_F, 4);
	mad_set_field(b, base, IB_PORT_VL_STALL_COUNT_F, 6);
	mad_set_field(b, base, IB_PORT_HOQ_LIFE_F, 0x13);
	mad_set_field(b, base, IB_PORT_OPER_VLS_F, 3);
	mad_set_field(b, base, IB_PORT_PART_EN_INB_F, 1);
	mad_set_field(b, base, IB_PORT_PART_EN_OUTB_F, 0);
	mad_set_field(b, base, IB_PORT_FILTER_RAW_INB_F, 1);
	mad_set_field(b, base, IB_PORT_FILTER_RAW_OUTB_F, 1);
	mad_set_field(b, base, IB_PORT_MKEY_VIOL_F, 0x1001);
	mad_set_field(b, base, IB_PORT_PKEY_VIOL_F, 0x2002);
	mad_set_field(b, base, IB_PORT_QKEY_VIOL_F, 0x3003);
	mad_set_field(b, base, IB_PORT_GUID_CAP_F, 32);
	mad_set_field(b, base, IB_PORT_CLIENT_REREG_F, 1);
	mad_set_field(b, base, IB_PORT_MCAST_PKEY_SUPR_ENAB_F, 2);
	mad_set_field(b, base, IB_PORT_SUBN_TIMEOUT_F, 18);
	mad_set_field(b, base, IB_PORT_RESP_TIME_VAL_F, 0x11);
	mad_set_field(b, base, IB_PORT_LOCAL_PHYS_ERR_F, 0xe);
	mad_set_field(b, base, IB_PORT_OVERRUN_ERR_F, 0x9);
	mad_set_field(b, base, IB_PORT_MAX_CREDIT_HINT_F, 0xbeef);
	mad_set_field(b, base, IB_PORT_LINK_ROUND_TRIP_F, 0xabcdef);
	mad_set_field(b, base, IB_PORT_CAPMASK2_F, 0x5a5a);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_EXT_ACTIVE_F, 2);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_EXT_SUPPORTED_F, 3);
	mad_set_field(b, base, IB_PORT_LINK_SPEED_EXT_ENABLED_F, 0x1e);
}

static void port_info(void)
{
	uint8_t b[BUF] = { 0 };
	fill_port_info(b, 0);
	dump("PortInfo", b, 64);
}

static void fill_switch_info(uint8_t *b, int base)
{
	mad_set_field(b, base, IB_SW_LINEAR_FDB_CAP_F, 0xc000);
	mad_set_field(b, base, IB_SW_RANDOM_FDB_CAP_F, 0x0100);
	mad_set_field(b, base, IB_SW_MCAST_FDB_CAP_F, 0x0400);
	mad_set_field(b, base, IB_SW_LINEAR_FDB_TOP_F, 0x01ff);
	mad_set_field(b, base, IB_SW_DEF_PORT_F, 3);
	mad_set_field(b, base, IB_SW_DEF_MCAST_PRIM_F, 4);
	mad_set_field(b, base, IB_SW_DEF_MCAST_NOT_PRIM_F, 5);
	mad_set_field(b, base, IB_SW_LIFE_TIME_F, 0x12);
	mad_set_field(b, base, IB_SW_STATE_CHANGE_F, 1);
	mad_set_field(b, base, IB_SW_OPT_SLTOVL_MAPPING_F, 2);
	mad_set_field(b, base, IB_SW_LIDS_PER_PORT_F, 0x0101);
	mad_set_field(b, base, IB_SW_PARTITION_ENFORCE_CAP_F, 0x0020);
	mad_set_field(b, base, IB_SW_PARTITION_ENF_INB_F, 1);
	mad_set_field(b, base, IB_SW_PARTITION_ENF_OUTB_F, 0);
	mad_set_field(b, base, IB_SW_FILTER_RAW_INB_F, 1);
	mad_set_field(b, base, IB_SW_FILTER_RAW_OUTB_F, 0);
	mad_set_field(b, base, IB_SW_ENHANCED_PORT0_F, 1);
	mad_set_field(b, base, IB_SW_MCAST_FDB_TOP_F, 0xc0ff);
}

static void switch_info(void)
{
	uint8_t b[BUF] = { 0 };
	fill_switch_info(b, 0);
	dump("SwitchInfo", b, 20);
}

static void p_key_table(void)
{
	/* libibmad has no P_KeyTable field: OpenSM's struct. */
	ib_pkey_table_t t;
	for (int i = 0; i < IB_NUM_PKEY_ELEMENTS_IN_BLOCK; i++)
		t.pkey_entry[i] = cl_hton16((uint16_t)(0x8000 | (i * 0x111)));
	dump("PKeyTable", (uint8_t *)&t, 64);
}

static void guid_info(void)
{
	uint8_t b[BUF] = { 0 };
	int fields[8] = { IB_GI_GUID0_F, IB_GI_GUID1_F, IB_GI_GUID2_F, IB_GI_GUID3_F,
			  IB_GI_GUID4_F, IB_GI_GUID5_F, IB_GI_GUID6_F, IB_GI_GUID7_F };
	for (int i = 0; i < 8; i++)
		mad_set_field64(b, 0, fields[i], 0x0002c90300000010ULL + i);
	dump("GuidInfo", b, 64);
}

static void sl_to_vl_mapping_table(void)
{
	/* libibmad has no SLtoVLMappingTable field: OpenSM's struct and its setter. */
	ib_slvl_table_t t;
	memset(&t, 0, sizeof t);
	for (int sl = 0; sl < 16; sl++)
		ib_slvl_table_set(&t, (uint8_t)sl, (uint8_t)((15 - sl) ^ 3));
	dump("SlToVlMappingTable", (uint8_t *)&t, 8);
}

static void vl_arbitration_table(void)
{
	/* libibmad has no VLArbitrationTable field: OpenSM's struct. */
	ib_vl_arb_table_t t;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < IB_NUM_VL_ARB_ELEMENTS_IN_BLOCK; i++) {
		t.vl_entry[i].vl = (uint8_t)(i % 15);
		t.vl_entry[i].weight = (uint8_t)(i * 7 + 1);
	}
	dump("VlArbitrationTable", (uint8_t *)&t, 64);
}

static void linear_forwarding_table(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t ports[64];
	for (int i = 0; i < 64; i++)
		ports[i] = (uint8_t)(i % 5 == 4 ? 0xff : i * 3 + 1);
	mad_set_array(b, 0, IB_LINEAR_FORW_TBL_F, ports);
	dump("LinearForwardingTable", b, 64);
}

static void multicast_forwarding_table(void)
{
	uint8_t b[BUF] = { 0 };
	uint16_t masks[32];
	/* libibmad's field is a raw 64-byte array: the masks go in big-endian, as ibroute reads them. */
	for (int i = 0; i < 32; i++)
		masks[i] = cl_hton16((uint16_t)(0x8001 ^ (i * 0x0421)));
	mad_set_array(b, 0, IB_MULTICAST_FORW_TBL_F, masks);
	dump("MulticastForwardingTable", b, 64);
}

static void fill_sm_info(uint8_t *b, int base)
{
	mad_set_field64(b, base, IB_SMINFO_GUID_F, 0x0002c903000abcdeULL);
	mad_set_field64(b, base, IB_SMINFO_KEY_F, 0x0123456789abcdefULL);
	mad_set_field(b, base, IB_SMINFO_ACT_F, 0x89abcdef);
	mad_set_field(b, base, IB_SMINFO_PRIO_F, 0xc);
	mad_set_field(b, base, IB_SMINFO_STATE_F, 3);
}

static void sm_info(void)
{
	uint8_t b[BUF] = { 0 };
	fill_sm_info(b, 0);
	dump("SmInfo", b, 21);
}

static void port_info_extended(void)
{
	/*
	 * OpenSM's struct, IBA's layout: libibmad's HDR and NDR fields are placed without its BITSOFFS, so that its
	 * HDRFECModeSupported reads EDRFECModeEnabled's bytes; its first six fields are right, the rest is not used.
	 * NDR's fields (after HDR's, in IBA) are not in this OpenSM's struct: left zero.
	 */
	uint8_t b[BUF] = { 0 };
	ib_port_info_ext_t *p = (ib_port_info_ext_t *)b;
	p->cap_mask = cl_hton32(0x80000001);
	p->fec_mode_active = cl_hton16(2);
	p->fdr_fec_mode_sup = cl_hton16(0x0003);
	p->fdr_fec_mode_enable = cl_hton16(0x0001);
	p->edr_fec_mode_sup = cl_hton16(0x0007);
	p->edr_fec_mode_enable = cl_hton16(0x0004);
	p->hdr_fec_mode_sup = cl_hton16(0x000f);
	p->hdr_fec_mode_enable = cl_hton16(0x0008);
	dump("PortInfoExtended", b, 64);
}

static void mlnx_ext_port_info(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_MLNX_EXT_PORT_STATE_CHG_ENABLE_F, 0x81);
	mad_set_field(b, 0, IB_MLNX_EXT_PORT_LINK_SPEED_SUPPORTED_F, 0x01);
	mad_set_field(b, 0, IB_MLNX_EXT_PORT_LINK_SPEED_ENABLED_F, 0x7e);
	mad_set_field(b, 0, IB_MLNX_EXT_PORT_LINK_SPEED_ACTIVE_F, 0xf0);
	dump("MlnxExtPortInfo", b, 64);
}

static void class_port_info(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t g[16];
	mad_set_field(b, 0, IB_CPI_BASEVER_F, 1);
	mad_set_field(b, 0, IB_CPI_CLASSVER_F, 2);
	mad_set_field(b, 0, IB_CPI_CAPMASK_F, 0x0603);
	mad_set_field(b, 0, IB_CPI_CAPMASK2_F, 0x5abcdef);
	mad_set_field(b, 0, IB_CPI_RESP_TIME_VALUE_F, 0x13);
	gid(g, 0xfe80000000000000ULL, 0x0002c90300001111ULL);
	mad_set_array(b, 0, IB_CPI_REDIRECT_GID_F, g);
	mad_set_field(b, 0, IB_CPI_REDIRECT_TC_F, 0xa5);
	mad_set_field(b, 0, IB_CPI_REDIRECT_SL_F, 0xb);
	mad_set_field(b, 0, IB_CPI_REDIRECT_FL_F, 0xabcde);
	mad_set_field(b, 0, IB_CPI_REDIRECT_LID_F, 0x4321);
	mad_set_field(b, 0, IB_CPI_REDIRECT_PKEY_F, 0x8001);
	mad_set_field(b, 0, IB_CPI_REDIRECT_QP_F, 0x123456);
	mad_set_field(b, 0, IB_CPI_REDIRECT_QKEY_F, 0x80010000);
	gid(g, 0xfec0000000000001ULL, 0x0002c90300002222ULL);
	mad_set_array(b, 0, IB_CPI_TRAP_GID_F, g);
	mad_set_field(b, 0, IB_CPI_TRAP_TC_F, 0x5a);
	mad_set_field(b, 0, IB_CPI_TRAP_SL_F, 7);
	mad_set_field(b, 0, IB_CPI_TRAP_FL_F, 0x12345);
	mad_set_field(b, 0, IB_CPI_TRAP_LID_F, 0x0bcd);
	mad_set_field(b, 0, IB_CPI_TRAP_PKEY_F, 0xffff);
	mad_set_field(b, 0, IB_CPI_TRAP_HL_F, 64);
	mad_set_field(b, 0, IB_CPI_TRAP_QP_F, 0x654321);
	mad_set_field(b, 0, IB_CPI_TRAP_QKEY_F, 0x0a0b0c0d);
	dump("ClassPortInfo", b, 72);
}

/* The generic Notice header fields, through libibmad. */
static void notice_header(uint8_t *b, int type, int producer, int trap, int issuer_lid)
{
	uint8_t g[16];
	mad_set_field(b, 0, IB_NOTICE_IS_GENERIC_F, 1);
	mad_set_field(b, 0, IB_NOTICE_TYPE_F, type);
	mad_set_field(b, 0, IB_NOTICE_PRODUCER_F, producer);
	mad_set_field(b, 0, IB_NOTICE_TRAP_NUMBER_F, trap);
	mad_set_field(b, 0, IB_NOTICE_ISSUER_LID_F, issuer_lid);
	mad_set_field(b, 0, IB_NOTICE_TOGGLE_F, 1);
	mad_set_field(b, 0, IB_NOTICE_COUNT_F, 0x1234);
	gid(g, 0xfe80000000000000ULL, 0x0002c90300000001ULL);
	memcpy(((ib_mad_notice_attr_t *)b)->issuer_gid.raw, g, 16);
}

static void notices(void)
{
	uint8_t b[BUF];
	ib_mad_notice_attr_t *n = (ib_mad_notice_attr_t *)b;

	memset(b, 0, BUF);
	notice_header(b, 3, 4, 64, 0x0001);
	gid(n->data_details.ntc_64_67.gid.raw, 0xfe80000000000000ULL, 0x0002c90300a1b2c5ULL);
	dump("Notice64", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 1, 2, 128, 0x0002);
	mad_set_field(b, 0, IB_NOTICE_DATA_LID_F, 0x0055);
	dump("Notice128", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 1, 2, 129, 0x0003);
	n->data_details.ntc_129_131.lid = cl_hton16(0x0066);
	n->data_details.ntc_129_131.port_num = 12;
	dump("Notice129", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 4, 1, 144, 0x0004);
	mad_set_field(b, 0, IB_NOTICE_DATA_144_LID_F, 0x0077);
	mad_set_field(b, 0, IB_NOTICE_DATA_144_CAPMASK_F, 0x02510a6a);
	n->data_details.ntc_144.local_changes = 1;
	n->data_details.ntc_144.change_flgs = cl_hton16(0x0025);
	n->data_details.ntc_144.cap_mask2 = cl_hton16(0x1234);
	dump("Notice144", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 4, 1, 145, 0x0005);
	n->data_details.ntc_145.lid = cl_hton16(0x0088);
	n->data_details.ntc_145.new_sys_guid = cl_hton64(0x0002c90300feedf0ULL);
	dump("Notice145", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 2, 1, 256, 0x0006);
	n->data_details.ntc_256.lid = cl_hton16(0x0099);
	n->data_details.ntc_256.dr_slid = cl_hton16(0xffff);
	n->data_details.ntc_256.method = 0x02;
	n->data_details.ntc_256.attr_id = cl_hton16(0x0015);
	n->data_details.ntc_256.attr_mod = cl_hton32(0x00000003);
	n->data_details.ntc_256.mkey = cl_hton64(0x0badc0ffee0ddf00ULL);
	n->data_details.ntc_256.dr_trunc_hop = 0x80 | 0x40 | 5;
	for (int i = 0; i < 5; i++)
		n->data_details.ntc_256.dr_rtn_path[i + 1] = (uint8_t)(i + 1);
	dump("Notice256", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 2, 1, 257, 0x0007);
	n->data_details.ntc_257_258.lid1 = cl_hton16(0x00aa);
	n->data_details.ntc_257_258.lid2 = cl_hton16(0x00bb);
	n->data_details.ntc_257_258.key = cl_hton32(0x00007fff);
	n->data_details.ntc_257_258.qp1 = cl_hton32((0xdU << 28) | 0x000123);
	n->data_details.ntc_257_258.qp2 = cl_hton32(0x000456);
	gid(n->data_details.ntc_257_258.gid1.raw, 0xfe80000000000000ULL, 0x0002c903000000aaULL);
	gid(n->data_details.ntc_257_258.gid2.raw, 0xfe80000000000000ULL, 0x0002c903000000bbULL);
	dump("Notice257", b, 80);

	memset(b, 0, BUF);
	notice_header(b, 2, 2, 259, 0x0008);
	n->data_details.ntc_259.data_valid = cl_hton16(0x003f);
	n->data_details.ntc_259.lid1 = cl_hton16(0x00cc);
	n->data_details.ntc_259.lid2 = cl_hton16(0x00dd);
	n->data_details.ntc_259.pkey = cl_hton16(0x7fff);
	n->data_details.ntc_259.sl_qp1 = cl_hton32((0x3U << 28) | 0x000789);
	n->data_details.ntc_259.qp2 = cl_hton32(0x000abc);
	gid(n->data_details.ntc_259.gid1.raw, 0xfe80000000000000ULL, 0x0002c903000000ccULL);
	gid(n->data_details.ntc_259.gid2.raw, 0xfe80000000000000ULL, 0x0002c903000000ddULL);
	n->data_details.ntc_259.sw_lid = cl_hton16(0x0010);
	n->data_details.ntc_259.port_no = 17;
	dump("Notice259", b, 80);
}

/* libibmad has no InformInfo fields: OpenSM's struct. */
static void fill_inform_info(ib_inform_info_t *ii)
{
	gid(ii->gid.raw, 0xfe80000000000000ULL, 0x0002c90300a1b2c3ULL);
	ii->lid_range_begin = cl_hton16(0x0010);
	ii->lid_range_end = cl_hton16(0x0020);
	ii->is_generic = 1;
	ii->subscribe = 1;
	ii->trap_type = cl_hton16(0x0003);
	ii->g_or_v.generic.trap_num = cl_hton16(0x0040);
	ii->g_or_v.generic.qpn_resp_time_val = cl_hton32((0x123456U << 8) | 0x13);
	ii->g_or_v.generic.node_type_msb = 0xab;
	ii->g_or_v.generic.node_type_lsb = cl_hton16(0xcdef);
}

static void inform_info(void)
{
	uint8_t b[BUF] = { 0 };
	fill_inform_info((ib_inform_info_t *)b);
	dump("InformInfo", b, 36);
}

static void inform_info_record(void)
{
	uint8_t b[BUF] = { 0 };
	ib_inform_info_record_t *r = (ib_inform_info_record_t *)b;
	gid(r->subscriber_gid.raw, 0xfe80000000000000ULL, 0x0002c90300000abcULL);
	r->subscriber_enum = cl_hton16(0x0102);
	fill_inform_info(&r->inform_info);
	dump("InformInfoRecord", b, 60);
}

static void node_record(void)
{
	uint8_t b[BUF] = { 0 };
	char text[64] = "golden switch 7";
	mad_set_field(b, 0, IB_SA_NR_LID_F, 0x0abc);
	mad_set_field(b, 0, IB_SA_NR_BASEVER_F, 1);
	mad_set_field(b, 0, IB_SA_NR_CLASSVER_F, 1);
	mad_set_field(b, 0, IB_SA_NR_TYPE_F, 2);
	mad_set_field(b, 0, IB_SA_NR_NPORTS_F, 18);
	mad_set_field64(b, 0, IB_SA_NR_SYSTEM_GUID_F, 0x0008f10500102030ULL);
	mad_set_field64(b, 0, IB_SA_NR_GUID_F, 0x0008f10500102031ULL);
	mad_set_field64(b, 0, IB_SA_NR_PORT_GUID_F, 0x0008f10500102032ULL);
	mad_set_field(b, 0, IB_SA_NR_PARTITION_CAP_F, 8);
	mad_set_field(b, 0, IB_SA_NR_DEVID_F, 0xb924);
	mad_set_field(b, 0, IB_SA_NR_REVISION_F, 0x000000a1);
	mad_set_field(b, 0, IB_SA_NR_LOCAL_PORT_F, 0);
	mad_set_field(b, 0, IB_SA_NR_VENDORID_F, 0x0008f1);
	mad_set_array(b, 0, IB_SA_NR_NODEDESC_F, text);
	dump("NodeRecord", b, 108);
}

static void port_info_record(void)
{
	uint8_t b[BUF] = { 0 };
	ib_portinfo_record_t *r = (ib_portinfo_record_t *)b;
	r->lid = cl_hton16(0x1234);
	r->port_num = 5;
	r->options = 0x01;
	fill_port_info(b, 4);
	dump("PortInfoRecord", b, 68);
}

static void path_record(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t g[16];
	ib_path_rec_t *p = (ib_path_rec_t *)b;
	/* OpenSM's struct for what libibmad lacks, first: libibmad then sets sub-byte fields around them. */
	p->service_id = cl_hton64(0x1000000000000abcULL);
	p->hop_flow_raw = cl_hton32((1U << 31) | (0x54321U << 8) | 0x40);
	p->tclass = 0x88;
	p->num_path = 0x80;	/* Reversible */
	p->pkey = cl_hton16(0xffff);
	p->qos_class_sl = cl_hton16(0xabc << 4);
	p->mtu = (2 << 6) | 4;
	p->rate = (3 << 6) | 16;
	p->pkt_life = (1 << 6) | 18;
	p->preference = 0x02;
	gid(g, 0xfe80000000000000ULL, 0x0002c90300000222ULL);
	mad_set_array(b, 0, IB_SA_PR_DGID_F, g);
	gid(g, 0xfe80000000000000ULL, 0x0002c90300000111ULL);
	mad_set_array(b, 0, IB_SA_PR_SGID_F, g);
	mad_set_field(b, 0, IB_SA_PR_DLID_F, 0x0222);
	mad_set_field(b, 0, IB_SA_PR_SLID_F, 0x0111);
	mad_set_field(b, 0, IB_SA_PR_NPATH_F, 0x7f);
	mad_set_field(b, 0, IB_SA_PR_SL_F, 0xd);
	dump("PathRecord", b, 64);
}

static void link_record(void)
{
	/* libibmad has no LinkRecord fields: OpenSM's struct. */
	uint8_t b[BUF] = { 0 };
	ib_link_record_t *r = (ib_link_record_t *)b;
	r->from_lid = cl_hton16(0x0101);
	r->from_port_num = 3;
	r->to_port_num = 36;
	r->to_lid = cl_hton16(0x0202);
	dump("LinkRecord", b, 6);
}

static void lft_record(void)
{
	/* libibmad has no LinearForwardingTableRecord fields: OpenSM's struct. */
	uint8_t b[BUF] = { 0 };
	ib_lft_record_t *r = (ib_lft_record_t *)b;
	r->lid = cl_hton16(0x0c0d);
	r->block_num = cl_hton16(0x0102);
	for (int i = 0; i < 64; i++)
		r->lft[i] = (uint8_t)(0xff - i);
	dump("LinearForwardingTableRecord", b, 72);
}

static void switch_info_record(void)
{
	/* libibmad has no SwitchInfoRecord fields: OpenSM's struct, its SwitchInfo by libibmad's fields. */
	uint8_t b[BUF] = { 0 };
	ib_switch_info_record_t *r = (ib_switch_info_record_t *)b;
	r->lid = cl_hton16(0x0c0e);
	fill_switch_info(b, 4);
	dump("SwitchInfoRecord", b, sizeof(*r));
}

static void sm_info_record(void)
{
	/* libibmad has no SMInfoRecord fields: OpenSM's struct, its SMInfo by libibmad's fields. */
	uint8_t b[BUF] = { 0 };
	ib_sminfo_record_t *r = (ib_sminfo_record_t *)b;
	r->lid = cl_hton16(0x0bcd);
	fill_sm_info(b, 4);
	dump("SmInfoRecord", b, sizeof(*r));
}

static void guid_info_record(void)
{
	/* libibmad has no GUIDInfoRecord fields: OpenSM's struct, its GUIDs by libibmad's fields. */
	uint8_t b[BUF] = { 0 };
	ib_guidinfo_record_t *r = (ib_guidinfo_record_t *)b;
	int fields[8] = { IB_GI_GUID0_F, IB_GI_GUID1_F, IB_GI_GUID2_F, IB_GI_GUID3_F,
			  IB_GI_GUID4_F, IB_GI_GUID5_F, IB_GI_GUID6_F, IB_GI_GUID7_F };
	r->lid = cl_hton16(0x0a0b);
	r->block_num = 31;
	for (int i = 0; i < 8; i++)
		mad_set_field64(b, 8, fields[i], 0x0002c90300000010ULL + i);
	dump("GuidInfoRecord", b, sizeof(*r));
}

static void sl_to_vl_record(void)
{
	/* OpenSM's struct and its setter. */
	uint8_t b[BUF] = { 0 };
	ib_slvl_table_record_t *r = (ib_slvl_table_record_t *)b;
	r->lid = cl_hton16(0x0c0f);
	r->in_port_num = 7;
	r->out_port_num = 36;
	for (int sl = 0; sl < 16; sl++)
		ib_slvl_table_set(&r->slvl_tbl, (uint8_t)sl, (uint8_t)((15 - sl) ^ 3));
	dump("SlToVlMappingTableRecord", b, sizeof(*r));
}

static void vl_arbitration_record(void)
{
	/* OpenSM's struct. */
	uint8_t b[BUF] = { 0 };
	ib_vl_arb_table_record_t *r = (ib_vl_arb_table_record_t *)b;
	r->lid = cl_hton16(0x0d0e);
	r->port_num = 5;
	r->block_num = 3;
	for (int i = 0; i < IB_NUM_VL_ARB_ELEMENTS_IN_BLOCK; i++) {
		r->vl_arb_tbl.vl_entry[i].vl = (uint8_t)(i % 15);
		r->vl_arb_tbl.vl_entry[i].weight = (uint8_t)(i * 7 + 1);
	}
	dump("VlArbitrationTableRecord", b, sizeof(*r));
}

static void mft_record(void)
{
	/* OpenSM's struct; the position in the top 4 bits of position_block_num, the block in the low 9. */
	uint8_t b[BUF] = { 0 };
	ib_mft_record_t *r = (ib_mft_record_t *)b;
	r->lid = cl_hton16(0x0e0f);
	r->position_block_num = cl_hton16((uint16_t)(15 << 12 | 0x1ff));
	for (int i = 0; i < IB_MCAST_BLOCK_SIZE; i++)
		r->mft[i] = cl_hton16((uint16_t)(0x8001 ^ (i * 0x0421)));
	dump("MulticastForwardingTableRecord", b, sizeof(*r));
}

static void p_key_table_record(void)
{
	/* OpenSM's struct. */
	uint8_t b[BUF] = { 0 };
	ib_pkey_table_record_t *r = (ib_pkey_table_record_t *)b;
	r->lid = cl_hton16(0x0b0c);
	r->block_num = cl_hton16(0x0801);
	r->port_num = 36;
	for (int i = 0; i < IB_NUM_PKEY_ELEMENTS_IN_BLOCK; i++)
		r->pkey_tbl.pkey_entry[i] = cl_hton16((uint16_t)(0x8000 | (i * 0x111)));
	dump("PKeyTableRecord", b, sizeof(*r));
}

static void service_record(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t g[16], key[16], data[64];
	char name[64] = "golden.service";
	for (int i = 0; i < 16; i++)
		key[i] = (uint8_t)(0xf0 + i);
	for (int i = 0; i < 64; i++)
		data[i] = (uint8_t)(i * 3);
	mad_set_field64(b, 0, IB_SA_SR_ID_F, 0x0001020304050607ULL);
	gid(g, 0xfe80000000000000ULL, 0x0002c90300000333ULL);
	mad_set_array(b, 0, IB_SA_SR_GID_F, g);
	mad_set_field(b, 0, IB_SA_SR_PKEY_F, 0x8123);
	mad_set_field(b, 0, IB_SA_SR_LEASE_F, 0xffffffff);
	mad_set_array(b, 0, IB_SA_SR_KEY_F, key);
	mad_set_array(b, 0, IB_SA_SR_NAME_F, name);
	mad_set_array(b, 0, IB_SA_SR_DATA_F, data);
	dump("ServiceRecord", b, 176);
}

static void mc_member_record(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t g[16];
	ib_member_rec_t *m = (ib_member_rec_t *)b;
	/* OpenSM's struct for the selectors, packet lifetime, hop limit and scope, first. */
	m->mtu = 2 << 6;
	m->rate = 1 << 6;
	m->pkt_life = (2 << 6) | 19;
	m->sl_flow_hop = cl_hton32(0x7f);
	m->scope_state = 0x2 << 4;
	gid(g, 0xff12401bffff0000ULL, 0x00000000ffffffffULL);
	mad_set_array(b, 0, IB_SA_MCM_MGID_F, g);
	gid(g, 0xfe80000000000000ULL, 0x0002c90300000444ULL);
	mad_set_array(b, 0, IB_SA_MCM_PORTGID_F, g);
	mad_set_field(b, 0, IB_SA_MCM_QKEY_F, 0x80010000);
	mad_set_field(b, 0, IB_SA_MCM_MLID_F, 0xc001);
	mad_set_field(b, 0, IB_SA_MCM_MTU_F, 4);
	mad_set_field(b, 0, IB_SA_MCM_TCLASS_F, 0x33);
	mad_set_field(b, 0, IB_SA_MCM_PKEY_F, 0xffff);
	mad_set_field(b, 0, IB_SA_MCM_RATE_F, 3);
	mad_set_field(b, 0, IB_SA_MCM_SL_F, 6);
	mad_set_field(b, 0, IB_SA_MCM_FLOW_LABEL_F, 0x9abcd);
	mad_set_field(b, 0, IB_SA_MCM_JOIN_STATE_F, 1);
	/* IBA: ProxyJoin is the top bit of byte 49 (OpenSM's C bit-field would put it at bit 0 on x86). */
	mad_set_field(b, 0, IB_SA_MCM_PROXY_JOIN_F, 1);
	dump("McMemberRecord", b, 52);
}

static void port_counters(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_PC_PORT_SELECT_F, 9);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT_F, 0xf00f);
	mad_set_field(b, 0, IB_PC_ERR_SYM_F, 0x1111);
	mad_set_field(b, 0, IB_PC_LINK_RECOVERS_F, 0x22);
	mad_set_field(b, 0, IB_PC_LINK_DOWNED_F, 0x33);
	mad_set_field(b, 0, IB_PC_ERR_RCV_F, 0x4444);
	mad_set_field(b, 0, IB_PC_ERR_PHYSRCV_F, 0x5555);
	mad_set_field(b, 0, IB_PC_ERR_SWITCH_REL_F, 0x6666);
	mad_set_field(b, 0, IB_PC_XMT_DISCARDS_F, 0x7777);
	mad_set_field(b, 0, IB_PC_ERR_XMTCONSTR_F, 0x88);
	mad_set_field(b, 0, IB_PC_ERR_RCVCONSTR_F, 0x99);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT2_F, 0x03);
	mad_set_field(b, 0, IB_PC_ERR_LOCALINTEG_F, 0xa);
	mad_set_field(b, 0, IB_PC_ERR_EXCESS_OVR_F, 0xb);
	mad_set_field(b, 0, IB_PC_VL15_DROPPED_F, 0xcccc);
	mad_set_field(b, 0, IB_PC_XMT_BYTES_F, 0xd0d0d0d0);
	mad_set_field(b, 0, IB_PC_RCV_BYTES_F, 0xe0e0e0e0);
	mad_set_field(b, 0, IB_PC_XMT_PKTS_F, 0x0f0f0f0f);
	mad_set_field(b, 0, IB_PC_RCV_PKTS_F, 0x10203040);
	mad_set_field(b, 0, IB_PC_XMT_WAIT_F, 0x50607080);
	/* libibmad's IB_PC_QP1_DROP_F points at VL15Dropped's bytes (22-23); IBA and OpenSM say 20-21. */
	((ib_port_counters_t *)b)->qp1_dropped = cl_hton16(0xdddd);
	dump("PortCounters", b, 44);
}

static void port_rcv_error_details(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_PC_PORT_SELECT_F, 7);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT_F, 0x3f);
	for (int f = IB_PC_RCV_LOCAL_PHY_ERR_F; f < IB_PC_RCV_ERR_LAST_F; f++)
		mad_set_field(b, 0, f, 0x1100 * (f - IB_PC_RCV_LOCAL_PHY_ERR_F + 1) + 1);
	dump("PortRcvErrorDetails", b, 16);
}

/* PortOpRcvCounters, PortFlowCtlCounters and the four per-VL attributes: counters i + 1 (scaled to fill their width). */
static void counter_set(const char *name, int first, int last, int bytes, uint64_t step)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_PC_PORT_SELECT_F, 5);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT_F, 0x8001);
	for (int f = first; f < last; f++)
		mad_set_field(b, 0, f, (uint32_t)(step * (f - first + 1)));
	dump(name, b, 4 + bytes);
}

static void counter_sets(void)
{
	counter_set("PortOpRcvCounters", IB_PC_PORT_OP_RCV_PKTS_F, IB_PC_PORT_OP_RCV_COUNTERS_LAST_F, 8, 0x01010101);
	counter_set("PortFlowCtlCounters", IB_PC_PORT_XMIT_FLOW_PKTS_F, IB_PC_PORT_FLOW_CTL_COUNTERS_LAST_F, 8, 0x02020202);
	counter_set("PortVLOpPackets", IB_PC_PORT_VL_OP_PACKETS0_F, IB_PC_PORT_VL_OP_PACKETS_LAST_F, 32, 0x0101);
	counter_set("PortVLOpData", IB_PC_PORT_VL_OP_DATA0_F, IB_PC_PORT_VL_OP_DATA_LAST_F, 64, 0x01000001);
	/* 2-bit counters: 1, 2, 3, 0, 1, ... */
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_PC_PORT_SELECT_F, 5);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT_F, 0x8001);
	for (int f = IB_PC_PORT_VL_XMIT_FLOW_CTL_UPDATE_ERRORS0_F; f < IB_PC_PORT_VL_XMIT_FLOW_CTL_UPDATE_ERRORS_LAST_F; f++)
		mad_set_field(b, 0, f, (f - IB_PC_PORT_VL_XMIT_FLOW_CTL_UPDATE_ERRORS0_F + 1) % 4);
	dump("PortVLXmitFlowCtlUpdateErrors", b, 8);
	counter_set("PortVLXmitWaitCounters", IB_PC_PORT_VL_XMIT_WAIT0_F, IB_PC_PORT_VL_XMIT_WAIT_COUNTERS_LAST_F, 32, 0x0303);
	counter_set("PortXmitDataSL", IB_PC_XMT_DATA_SL0_F, IB_PC_XMT_DATA_SL_LAST_F, 64, 0x04000004);
	counter_set("PortRcvDataSL", IB_PC_RCV_DATA_SL0_F, IB_PC_RCV_DATA_SL_LAST_F, 64, 0x00050500);
	counter_set("SwPortVLCongestion", IB_PC_SW_PORT_VL_CONGESTION0_F, IB_PC_SW_PORT_VL_CONGESTION_LAST_F, 32, 0x0606);
	counter_set("PortRcvConCtrl", IB_PC_RCV_CON_CTRL_PKT_RCV_FECN_F, IB_PC_RCV_CON_CTRL_LAST_F, 8, 0x07000007);
	counter_set("PortSLRcvFECN", IB_PC_SL_RCV_FECN0_F, IB_PC_SL_RCV_FECN_LAST_F, 64, 0x00080008);
	counter_set("PortSLRcvBECN", IB_PC_SL_RCV_BECN0_F, IB_PC_SL_RCV_BECN_LAST_F, 64, 0x09000900);
	counter_set("PortXmitConCtrl", IB_PC_XMIT_CON_CTRL_TIME_CONG_F, IB_PC_XMIT_CON_CTRL_LAST_F, 4, 0x0a0b0c0d);
	counter_set("PortVLXmitTimeCong", IB_PC_VL_XMIT_TIME_CONG0_F, IB_PC_VL_XMIT_TIME_CONG_LAST_F, 60, 0x000b000b);
}

static void port_xmit_discard_details(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_PC_PORT_SELECT_F, 0xff);
	mad_set_field(b, 0, IB_PC_COUNTER_SELECT_F, 0xf);
	for (int f = IB_PC_XMT_INACT_DISC_F; f < IB_PC_XMT_DISC_LAST_F; f++)
		mad_set_field(b, 0, f, 0x2200 * (f - IB_PC_XMT_INACT_DISC_F + 1) + 2);
	dump("PortXmitDiscardDetails", b, 12);
}

static void port_counters_extended(void)
{
	uint8_t b[BUF] = { 0 };
	int counters[] = { IB_PC_EXT_XMT_BYTES_F, IB_PC_EXT_RCV_BYTES_F, IB_PC_EXT_XMT_PKTS_F,
			   IB_PC_EXT_RCV_PKTS_F, IB_PC_EXT_XMT_UPKTS_F, IB_PC_EXT_RCV_UPKTS_F,
			   IB_PC_EXT_XMT_MPKTS_F, IB_PC_EXT_RCV_MPKTS_F, IB_PC_EXT_ERR_SYM_F,
			   IB_PC_EXT_LINK_RECOVERS_F, IB_PC_EXT_LINK_DOWNED_F, IB_PC_EXT_ERR_RCV_F,
			   IB_PC_EXT_ERR_PHYSRCV_F, IB_PC_EXT_ERR_SWITCH_REL_F, IB_PC_EXT_XMT_DISCARDS_F,
			   IB_PC_EXT_ERR_XMTCONSTR_F, IB_PC_EXT_ERR_RCVCONSTR_F, IB_PC_EXT_ERR_LOCALINTEG_F,
			   IB_PC_EXT_ERR_EXCESS_OVR_F, IB_PC_EXT_VL15_DROPPED_F, IB_PC_EXT_XMT_WAIT_F,
			   IB_PC_EXT_QP1_DROP_F };
	mad_set_field(b, 0, IB_PC_EXT_PORT_SELECT_F, 0xff);
	mad_set_field(b, 0, IB_PC_EXT_COUNTER_SELECT_F, 0x00a5);
	mad_set_field(b, 0, IB_PC_EXT_COUNTER_SELECT2_F, 0x00003c3c);
	/* Counter i holds 0x0100000000000000 * (i + 1) + i: every byte position exercised. */
	for (unsigned i = 0; i < sizeof(counters) / sizeof(counters[0]); i++)
		mad_set_field64(b, 0, counters[i], 0x0100000000000000ULL * (i + 1) + i);
	dump("PortCountersExtended", b, 184);
}

/* Whole 256-byte MADs exercising the class headers the flyweights cover. */
static void headers(void)
{
	uint8_t b[BUF];
	uint8_t path[64] = { 0 }, rpath[64] = { 0 };

	memset(b, 0, BUF);
	mad_set_field(b, 0, IB_MAD_BASEVER_F, 1);
	mad_set_field(b, 0, IB_MAD_MGMTCLASS_F, 0x81);
	mad_set_field(b, 0, IB_MAD_CLASSVER_F, 1);
	mad_set_field(b, 0, IB_MAD_METHOD_F, 0x01);
	mad_set_field(b, 0, IB_MAD_RESPONSE_F, 1);
	mad_set_field(b, 0, IB_DRSMP_DIRECTION_F, 1);
	mad_set_field(b, 0, IB_DRSMP_STATUS_F, 0x001c);
	mad_set_field(b, 0, IB_DRSMP_HOPPTR_F, 3);
	mad_set_field(b, 0, IB_DRSMP_HOPCNT_F, 4);
	mad_set_field64(b, 0, IB_MAD_TRID_F, 0x0000000112345678ULL);
	mad_set_field(b, 0, IB_MAD_ATTRID_F, 0x0015);
	mad_set_field(b, 0, IB_MAD_ATTRMOD_F, 0x00000002);
	mad_set_field64(b, 0, IB_MAD_MKEY_F, 0x8877665544332211ULL);
	mad_set_field(b, 0, IB_DRSMP_DRSLID_F, 0xffff);
	mad_set_field(b, 0, IB_DRSMP_DRDLID_F, 0x0017);
	for (int i = 1; i <= 4; i++) {
		path[i] = (uint8_t)(i + 10);
		rpath[i] = (uint8_t)(i + 20);
	}
	mad_set_array(b, 0, IB_DRSMP_PATH_F, path);
	mad_set_array(b, 0, IB_DRSMP_RPATH_F, rpath);
	dump("DirectedRouteSmp", b, 256);

	memset(b, 0, BUF);
	mad_set_field(b, 0, IB_MAD_BASEVER_F, 1);
	mad_set_field(b, 0, IB_MAD_MGMTCLASS_F, 0x03);
	mad_set_field(b, 0, IB_MAD_CLASSVER_F, 2);
	mad_set_field(b, 0, IB_MAD_METHOD_F, 0x12);
	mad_set_field(b, 0, IB_MAD_STATUS_F, 0x0000);
	mad_set_field64(b, 0, IB_MAD_TRID_F, 0xabcdef0123456789ULL);
	mad_set_field(b, 0, IB_MAD_ATTRID_F, 0x0035);
	mad_set_field64(b, 0, IB_SA_MKEY_F, 0x0102030405060708ULL);
	mad_set_field(b, 0, IB_SA_ATTROFFS_F, 8);
	mad_set_field64(b, 0, IB_SA_COMPMASK_F, 0x0000000000000034ULL);
	dump("SaMad", b, 256);

	memset(b, 0, BUF);
	mad_set_field(b, 0, IB_MAD_BASEVER_F, 1);
	mad_set_field(b, 0, IB_MAD_MGMTCLASS_F, 0x30);
	mad_set_field(b, 0, IB_MAD_CLASSVER_F, 1);
	mad_set_field(b, 0, IB_MAD_METHOD_F, 0x01);
	mad_set_field(b, 0, IB_VEND2_OUI_F, 0x0002c9);
	dump("VendorRange2Mad", b, 256);
}

/* PortSamplesControl: every field distinctive; CounterSelect i is 0x0101 * (i + 1). */
static void fill_port_samples_control(uint8_t *b)
{
	mad_set_field(b, 0, IB_PSC_OPCODE_F, 0x12);
	mad_set_field(b, 0, IB_PSC_PORT_SELECT_F, 3);
	mad_set_field(b, 0, IB_PSC_TICK_F, 0x34);
	mad_set_field(b, 0, IB_PSC_COUNTER_WIDTH_F, 5);
	mad_set_field(b, 0, IB_PSC_COUNTER_MASK0_F, 6);
	mad_set_field(b, 0, IB_PSC_COUNTER_MASKS1TO9_F, 0x5abcdef);
	mad_set_field(b, 0, IB_PSC_COUNTER_MASKS10TO14_F, 0x6789);
	mad_set_field(b, 0, IB_PSC_SAMPLE_MECHS_F, 0x9a);
	mad_set_field(b, 0, IB_PSC_SAMPLE_STATUS_F, 2);
	mad_set_field64(b, 0, IB_PSC_OPTION_MASK_F, 0x0102030405060708ULL);
	mad_set_field64(b, 0, IB_PSC_VENDOR_MASK_F, 0x1112131415161718ULL);
	mad_set_field(b, 0, IB_PSC_SAMPLE_START_F, 0xa1a2a3a4);
	mad_set_field(b, 0, IB_PSC_SAMPLE_INTVL_F, 0xb1b2b3b4);
	mad_set_field(b, 0, IB_PSC_TAG_F, 0xc1c2);
	for (int f = IB_PSC_COUNTER_SEL0_F; f <= IB_PSC_COUNTER_SEL14_F; f++)
		mad_set_field(b, 0, f, 0x0101 * (f - IB_PSC_COUNTER_SEL0_F + 1));
	mad_set_field64(b, 0, IB_PSC_SAMPLES_ONLY_OPT_MASK_F, 0x2122232425262728ULL);
}

static void port_samples_control(void)
{
	uint8_t b[BUF] = { 0 };
	fill_port_samples_control(b);
	dump("PortSamplesControl", b, 80);
}

/* PortExtendedSpeedsCounters, with the RS-FEC port counters past the lanes (from the RS-FEC field table). */
static void fill_port_ext_speeds_counters(uint8_t *b)
{
	mad_set_field(b, 0, IB_PESC_PORT_SELECT_F, 9);
	mad_set_field64(b, 0, IB_PESC_COUNTER_SELECT_F, 0x8070605040302010ULL);
	mad_set_field(b, 0, IB_PESC_SYNC_HDR_ERR_CTR_F, 0x1111);
	mad_set_field(b, 0, IB_PESC_UNK_BLOCK_CTR_F, 0x2222);
	for (int lane = 0; lane < 12; lane++) {
		mad_set_field(b, 0, IB_PESC_ERR_DET_CTR_LANE0_F + lane, 0x0300 + lane);
		mad_set_field(b, 0, IB_PESC_FEC_CORR_BLOCK_CTR_LANE0_F + lane, 0x04000000 + lane);
		mad_set_field(b, 0, IB_PESC_FEC_UNCORR_BLOCK_CTR_LANE0_F + lane, 0x05000000 + lane);
	}
	mad_set_field(b, 0, IB_PESC_PORT_FEC_CORR_BLOCK_CTR_F, 0x06060606);
	mad_set_field(b, 0, IB_PESC_PORT_FEC_UNCORR_BLOCK_CTR_F, 0x07070707);
	mad_set_field(b, 0, IB_PESC_PORT_FEC_CORR_SYMBOL_CTR_F, 0x08080808);
}

static void port_ext_speeds_counters(void)
{
	uint8_t b[BUF] = { 0 };
	fill_port_ext_speeds_counters(b);
	dump("PortExtendedSpeedsCounters", b, 152);
}

/* Congestion control (class 0x21): libibmad's IB_CC_* fields; element/entry arrays at the offsets ibccquery reads. */
static void congestion_info(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_CC_CONGESTION_INFO_F, 0x8001);
	mad_set_field(b, 0, IB_CC_CONGESTION_INFO_CONTROL_TABLE_CAP_F, 0x2a);
	dump("CongestionInfo", b, 4);
}

static void congestion_key_info(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field64(b, 0, IB_CC_CONGESTION_KEY_INFO_CC_KEY_F, 0x0123456789abcdefULL);
	mad_set_field(b, 0, IB_CC_CONGESTION_KEY_INFO_CC_KEY_PROTECT_BIT_F, 1);
	mad_set_field(b, 0, IB_CC_CONGESTION_KEY_INFO_CC_KEY_LEASE_PERIOD_F, 0xbeef);
	mad_set_field(b, 0, IB_CC_CONGESTION_KEY_INFO_CC_KEY_VIOLATIONS_F, 0x1234);
	dump("CongestionKeyInfo", b, 16);
}

static void congestion_log_switch(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t ports[32];
	for (int i = 0; i < 32; i++)
		ports[i] = 0x80 | i;
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_LOGTYPE_F, 1);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_CONGESTION_FLAGS_F, 0xa5);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_SWITCH_LOG_EVENTS_COUNTER_F, 0x0102);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_SWITCH_CURRENT_TIME_STAMP_F, 0xa1b2c3d4);
	mad_set_array(b, 0, IB_CC_CONGESTION_LOG_SWITCH_PORTMAP_F, ports);
	for (int i = 0; i < 15; i++) {
		uint8_t *e = b + 40 + i * 12;
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_SWITCH_SLID_F, 0x100 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_SWITCH_DLID_F, 0xb000 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_SWITCH_SL_F, i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_SWITCH_TIMESTAMP_F, 0xf0000000 + i);
	}
	dump("CongestionLogSwitch", b, 224);
}

static void congestion_log_ca(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_LOGTYPE_F, 2);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_CONGESTION_FLAGS_F, 0x5a);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_CA_THRESHOLD_EVENT_COUNTER_F, 0x0304);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_CA_THRESHOLD_CONGESTION_EVENT_MAP_F, 0x8421);
	mad_set_field(b, 0, IB_CC_CONGESTION_LOG_CA_CURRENT_TIMESTAMP_F, 0x11223344);
	for (int i = 0; i < 13; i++) {
		uint8_t *e = b + 12 + i * 16;
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_LOCAL_QP_CN_ENTRY_F, 0xabcd00 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_SL_CN_ENTRY_F, 15 - i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_SERVICE_TYPE_CN_ENTRY_F, i % 4);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_REMOTE_QP_NUMBER_CN_ENTRY_F, 0x123400 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_LOCAL_LID_CN_F, 0x200 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_REMOTE_LID_CN_ENTRY_F, 0x300 + i);
		mad_set_field(e, 0, IB_CC_CONGESTION_LOG_ENTRY_CA_TIMESTAMP_CN_ENTRY_F, 0xe0000000 + i);
	}
	dump("CongestionLogCa", b, 224);
}

static void switch_congestion_setting(void)
{
	uint8_t b[BUF] = { 0 };
	uint8_t victim[32], credit[32];
	for (int i = 0; i < 32; i++) {
		victim[i] = i;
		credit[i] = 0xff - i;
	}
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_CONTROL_MAP_F, 0x0000001f);
	mad_set_array(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_VICTIM_MASK_F, victim);
	mad_set_array(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_CREDIT_MASK_F, credit);
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_THRESHOLD_F, 0xd);
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_PACKET_SIZE_F, 0x42);
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_CS_THRESHOLD_F, 0x7);
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_CS_RETURN_DELAY_F, 0x8123);
	mad_set_field(b, 0, IB_CC_SWITCH_CONGESTION_SETTING_MARKING_RATE_F, 0x4321);
	dump("SwitchCongestionSetting", b, 76);
}

static void switch_port_congestion_setting(void)
{
	uint8_t b[BUF] = { 0 };
	for (int i = 0; i < 32; i++) {
		uint8_t *e = b + i * 4;
		mad_set_field(e, 0, IB_CC_SWITCH_PORT_CONGESTION_SETTING_ELEMENT_VALID_F, i % 2);
		mad_set_field(e, 0, IB_CC_SWITCH_PORT_CONGESTION_SETTING_ELEMENT_CONTROL_TYPE_F, i / 2 % 2);
		mad_set_field(e, 0, IB_CC_SWITCH_PORT_CONGESTION_SETTING_ELEMENT_THRESHOLD_F, i % 16);
		mad_set_field(e, 0, IB_CC_SWITCH_PORT_CONGESTION_SETTING_ELEMENT_PACKET_SIZE_F, 0x80 + i);
		mad_set_field(e, 0, IB_CC_SWITCH_PORT_CONGESTION_SETTING_ELEMENT_CONG_PARM_MARKING_RATE_F, 0x1000 + i);
	}
	dump("SwitchPortCongestionSetting", b, 128);
}

static void ca_congestion_setting(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_CC_CA_CONGESTION_SETTING_PORT_CONTROL_F, 0x0001);
	mad_set_field(b, 0, IB_CC_CA_CONGESTION_SETTING_CONTROL_MAP_F, 0xc003);
	for (int i = 0; i < 16; i++) {
		uint8_t *e = b + 4 + i * 8;
		mad_set_field(e, 0, IB_CC_CA_CONGESTION_ENTRY_CCTI_TIMER_F, 0x0100 + i);
		mad_set_field(e, 0, IB_CC_CA_CONGESTION_ENTRY_CCTI_INCREASE_F, 0x10 + i);
		mad_set_field(e, 0, IB_CC_CA_CONGESTION_ENTRY_TRIGGER_THRESHOLD_F, 0x20 + i);
		mad_set_field(e, 0, IB_CC_CA_CONGESTION_ENTRY_CCTI_MIN_F, 0x30 + i);
	}
	dump("CACongestionSetting", b, 132);
}

static void congestion_control_table(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_CC_CONGESTION_CONTROL_TABLE_CCTI_LIMIT_F, 127);
	for (int i = 0; i < 64; i++) {
		uint8_t *e = b + 4 + i * 2;
		mad_set_field(e, 0, IB_CC_CONGESTION_CONTROL_TABLE_ENTRY_CCT_SHIFT_F, i % 4);
		mad_set_field(e, 0, IB_CC_CONGESTION_CONTROL_TABLE_ENTRY_CCT_MULTIPLIER_F, 0x3f00 + i);
	}
	dump("CongestionControlTable", b, 132);
}

static void cc_timestamp(void)
{
	uint8_t b[BUF] = { 0 };
	mad_set_field(b, 0, IB_CC_TIMESTAMP_F, 0xfedcba98);
	dump("Timestamp", b, 4);
}

/*
 * Mellanox's vendor class (0x0A): no libibmad fields; these structs follow the layout vendstat.c declares for its
 * attributes (packed by natural alignment), written here independently of the Java codecs.
 */
struct mlnx_hw_info { uint16_t hw_revision, device_id; uint8_t reserved[24]; uint32_t uptime; };
struct mlnx_fw_info {
	uint8_t reserved1, major, minor, sub_minor;
	uint32_t build_id;
	uint8_t month, day;
	uint16_t year, reserved2, hour;
	uint8_t psid[16];
	uint32_t ini_file_version;
};
struct mlnx_ext_fw_info { uint32_t major, minor, sub_minor, reserved[4]; };
struct mlnx_sw_info { uint8_t reserved1, major, minor, sub_minor, reserved2[28]; };
struct mlnx_general_info_is3 { uint8_t reserved[8]; struct mlnx_hw_info hw; struct mlnx_fw_info fw; struct mlnx_sw_info sw; };
struct mlnx_general_info_ext {
	uint8_t reserved[8];
	struct mlnx_hw_info hw;
	struct mlnx_fw_info fw;
	struct mlnx_ext_fw_info ext;
	struct mlnx_sw_info sw;
};

static void mlnx_common(struct mlnx_hw_info *hw, struct mlnx_fw_info *fw, uint16_t device_id)
{
	hw->hw_revision = htons(0xa0b1);
	hw->device_id = htons(device_id);
	hw->uptime = htonl(0x0055b1c3);
	fw->build_id = htonl(0x1234abcd);
	fw->month = 0x03;
	fw->day = 0x18;
	fw->year = htons(0x2014);
	fw->hour = htons(0x1530);
	memcpy(fw->psid, "MT_1270110020", 13);
	fw->ini_file_version = htonl(0x01020304);
}

static void mlnx_general_info(void)
{
	struct mlnx_general_info_is3 is3 = { 0 };
	struct mlnx_general_info_ext ext = { 0 };
	_Static_assert(sizeof(is3) == 108, "InfiniScale III's GeneralInfo");
	_Static_assert(sizeof(ext) == 136, "the extended GeneralInfo");
	mlnx_common(&is3.hw, &is3.fw, 0xb924);
	is3.fw.major = 7;
	is3.fw.minor = 4;
	is3.fw.sub_minor = 200;
	is3.sw.major = 1;
	is3.sw.minor = 2;
	is3.sw.sub_minor = 3;
	uint8_t b[136] = { 0 };
	memcpy(b, &is3, sizeof(is3));
	dump("MlnxGeneralInfoIs3", b, 136);
	mlnx_common(&ext.hw, &ext.fw, 0xc738);
	ext.ext.major = htonl(9);
	ext.ext.minor = htonl(4);
	ext.ext.sub_minor = htonl(2000);
	ext.sw.major = 3;
	ext.sw.minor = 2;
	ext.sw.sub_minor = 1;
	dump("MlnxGeneralInfoExtended", (uint8_t *)&ext, 136);
}

static void mlnx_config_space_access(void)
{
	struct { uint8_t reserved[8]; struct { uint32_t address, data, mask; } record[18]; } cs = { 0 };
	_Static_assert(sizeof(cs) == 224, "ConfigSpaceAccess");
	for (int i = 0; i < 3; i++) {
		cs.record[i].address = htonl(0x10013c + ((i + 1) << 12));
		cs.record[i].data = htonl(0xa0000000 + i);
		cs.record[i].mask = htonl(0xffff0000 >> i);
	}
	dump("MlnxConfigSpaceAccess", (uint8_t *)&cs, 224);
}

static void mlnx_counter_groups(void)
{
	struct { uint8_t reserved1[8], reserved[3], groups; uint32_t masks[2]; } info = { 0 };
	struct { uint8_t reserved1[8], reserved[4]; struct { uint8_t reserved[3], select; } groups[2]; } config = { 0 };
	_Static_assert(sizeof(info) == 20 && sizeof(config) == 20, "the counter group attributes");
	info.groups = 2;
	info.masks[0] = htonl(0x00000007);
	info.masks[1] = htonl(0x80000106);
	dump("MlnxCounterGroupInfo", (uint8_t *)&info, 20);
	config.groups[0].select = 2;
	config.groups[1].select = 8;
	dump("MlnxCounterGroupConfig", (uint8_t *)&config, 20);
}

int main(void)
{
	headers();
	node_info();
	node_description();
	port_info();
	switch_info();
	p_key_table();
	guid_info();
	sl_to_vl_mapping_table();
	vl_arbitration_table();
	linear_forwarding_table();
	multicast_forwarding_table();
	sm_info();
	mlnx_ext_port_info();
	port_info_extended();
	class_port_info();
	notices();
	inform_info();
	inform_info_record();
	node_record();
	port_info_record();
	path_record();
	link_record();
	lft_record();
	switch_info_record();
	sm_info_record();
	guid_info_record();
	sl_to_vl_record();
	vl_arbitration_record();
	mft_record();
	p_key_table_record();
	service_record();
	mc_member_record();
	port_counters();
	port_counters_extended();
	port_rcv_error_details();
	port_xmit_discard_details();
	counter_sets();
	port_samples_control();
	port_ext_speeds_counters();
	congestion_info();
	congestion_key_info();
	congestion_log_switch();
	congestion_log_ca();
	switch_congestion_setting();
	switch_port_congestion_setting();
	ca_congestion_setting();
	congestion_control_table();
	cc_timestamp();
	mlnx_general_info();
	mlnx_config_space_access();
	mlnx_counter_groups();
	return 0;
}
