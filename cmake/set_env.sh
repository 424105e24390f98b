#!/usr/bin/env bash
# Source this file (". <prefix>/set_env.sh") to build and run AscendCL applications against the
# simulated device, exactly as with a CANN toolkit's set_env.sh.
_asim_self="${BASH_SOURCE[0]:-$0}"
ASCEND_HOME_PATH="$(cd "$(dirname "${_asim_self}")" && pwd)"
export ASCEND_HOME_PATH
export ASCEND_TOOLKIT_HOME="${ASCEND_HOME_PATH}"
export DDK_PATH="${ASCEND_HOME_PATH}"
export INSTALL_DIR="${ASCEND_HOME_PATH}"
export NPU_HOST_LIB="${ASCEND_HOME_PATH}/runtime/lib64/stub"
export ASCEND_OPP_PATH="${ASCEND_HOME_PATH}/opp"
export PATH="${ASCEND_HOME_PATH}/bin:${PATH}"
export LD_LIBRARY_PATH="${ASCEND_HOME_PATH}/runtime/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
# pyACL (`import acl`): the directory holding acl.so, as the CANN samples' READMEs set it; and
# site-packages itself for `python3 -m ais_bench`.
export PYTHONPATH="${ASCEND_HOME_PATH}/python/site-packages/acl:${ASCEND_HOME_PATH}/python/site-packages${PYTHONPATH:+:${PYTHONPATH}}"
unset _asim_self
