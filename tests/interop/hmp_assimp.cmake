# Interop: an HMP5 terrain written by `mapsmith-cli export-hmp` must load in assimp (Debian's assimp-utils,
# installed by scripts/install-deps.sh; missing, the test fails). A 2 x 1 block of a new map gives 257 x 129
# vertices: assimp must report them all, two triangles per cell, and the extent it derives from ftrisize
# (x 256 and y 128 spacings of 4.1666665 yards). assimp ignores scale[2]/offset[2] and spreads the packed
# heights over +-4 ftrisize_x, so a z range of +-16.666666 also shows the full 0..65535 range is used.
# Run as: cmake -DCLI=mapsmith-cli -DOUT=DIR -P hmp_assimp.cmake
find_program(ASSIMP assimp)
if(NOT ASSIMP)
    message(FATAL_ERROR "assimp not found: install Debian's assimp-utils (scripts/install-deps.sh does)")
endif()

set(map "${OUT}/hmp-assimp")
set(hmp "${OUT}/hmp-assimp-2x1.hmp")
file(MAKE_DIRECTORY "${OUT}")
file(REMOVE_RECURSE "${map}")
file(REMOVE "${hmp}")
execute_process(COMMAND "${CLI}" new "${map}" Assimp --tiles 30_30,31_30 --terrain hills
    RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mapsmith-cli new failed: ${rc}")
endif()
execute_process(COMMAND "${CLI}" export-hmp "${map}" --tiles 30_30:31_30 --out "${hmp}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE exported ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mapsmith-cli export-hmp failed (${rc}): ${log}")
endif()
message(STATUS "${exported}")

execute_process(COMMAND "${ASSIMP}" info "${hmp}" RESULT_VARIABLE rc OUTPUT_VARIABLE info ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "assimp info ${hmp} failed (${rc}):\n${info}\n${log}")
endif()
set(expected
    "Meshes: +1\n"
    "Vertices: +33153\n"   # 257 * 129
    "Faces: +65536\n"      # 2 * 256 * 128
    "Primitive Types: +triangles\n"
    "Minimum point +\\(0\\.0+ 0\\.0+ -16\\.66666[0-9]*\\)"
    "Maximum point +\\(1066\\.66[0-9]* 533\\.33[0-9]* 16\\.66666[0-9]*\\)")
foreach(pattern IN LISTS expected)
    if(NOT info MATCHES "${pattern}")
        message(FATAL_ERROR "assimp info ${hmp} does not match '${pattern}':\n${info}")
    endif()
endforeach()
message(STATUS "assimp reads ${hmp}: 33153 vertices, 65536 faces, extent and packed range as written")
