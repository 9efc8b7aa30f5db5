TEST_SCRIPTS += scripts/test_simt_model.sh
