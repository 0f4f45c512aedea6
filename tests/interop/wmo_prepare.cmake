# Interop fixture for the WMO writer: the corpus troll tent written back by `mapsmith-cli roundtrip` (root and
# group, which must be byte-identical to the corpus files: compared here like cmp), and the WMO built in
# tests/support/wmo_builders.h written by wmo_sample. check_models.mjs then reads both with @wowserhq/format.
# Run as: cmake -DCLI=mapsmith-cli -DSAMPLE=wmo_sample -DCORPUS=DIR -DOUT=DIR -P wmo_prepare.cmake
set(dir "${OUT}/wmo")
file(REMOVE_RECURSE "${dir}")
file(MAKE_DIRECTORY "${dir}/built")
execute_process(COMMAND "${CLI}" roundtrip "${CORPUS}/models/trolltent.wmo" "${dir}/trolltent.wmo"
    RESULT_VARIABLE rc OUTPUT_VARIABLE written ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mapsmith-cli roundtrip failed (${rc}): ${written}${log}")
endif()
message(STATUS "${written}")
foreach(name trolltent.wmo trolltent_000.wmo)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${CORPUS}/models/${name}" "${dir}/${name}"
        RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${dir}/${name} differs from the corpus file")
    endif()
endforeach()
execute_process(COMMAND "${SAMPLE}" "${dir}/built" RESULT_VARIABLE rc ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "wmo_sample failed (${rc}): ${log}")
endif()
message(STATUS "trolltent written back byte-identical; Built.wmo + Built_000.wmo written")
