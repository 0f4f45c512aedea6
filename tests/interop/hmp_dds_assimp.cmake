# Interop: the DDS skin record as Mapsmith reads it (type 6, width = the DDS image's byte count, height, the
# image; gamestudio_skin.h) is the one assimp reads. tests/fuzz/seeds/hmp/hmp5_dds_skins.hmp (written by
# io_test_hmp) is a 3 x 3 HMP5 with three DDS skins (DXT5, A8R8G8B8, ATI2) before its heights: assimp
# embeds the first skin as a texture and finds the frame after all three only if each skin's size is its
# width in bytes. assimp-utils missing, the test fails.
# Run as: cmake -DHMP=FILE.hmp -P hmp_dds_assimp.cmake
find_program(ASSIMP assimp)
if(NOT ASSIMP)
    message(FATAL_ERROR "assimp not found: install Debian's assimp-utils (scripts/install-deps.sh does)")
endif()
execute_process(COMMAND "${ASSIMP}" info "${HMP}" RESULT_VARIABLE rc OUTPUT_VARIABLE info ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "assimp info ${HMP} failed (${rc}):\n${info}\n${log}")
endif()
set(expected
    "Textures \\(embed\\.\\): +1\n"
    "Vertices: +9\n"   # 3 * 3
    "Faces: +8\n")     # 2 * 2 * 2
foreach(pattern IN LISTS expected)
    if(NOT info MATCHES "${pattern}")
        message(FATAL_ERROR "assimp info ${HMP} does not match '${pattern}':\n${info}")
    endif()
endforeach()
message(STATUS "assimp reads ${HMP}: its DDS skin embedded, the 3 x 3 heights found after three DDS skins")
