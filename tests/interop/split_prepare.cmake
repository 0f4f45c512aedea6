# Split sets for split_walk.mjs (run as a CTest fixture), in OUT:
#   split/            the corpus tiles converted by mapsmith-cli convert --to split
#   split_old/        the same sets with every root MCNR declaring 435 (Mapsmith before 448)
#   split_rewritten/  split_old read and written back by mapsmith-cli roundtrip
file(REMOVE_RECURSE "${OUT}/split" "${OUT}/split_old" "${OUT}/split_rewritten")
file(MAKE_DIRECTORY "${OUT}/split" "${OUT}/split_rewritten")
set(tiles "")
foreach(tile Azeroth_38_46 continent4229)
    list(APPEND tiles "${CORPUS}/adt/${tile}.adt")
endforeach()
execute_process(COMMAND "${CLI}" convert ${tiles} --to split --out "${OUT}/split" --wdt "${CORPUS}/adt/Azeroth.wdt"
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mapsmith-cli convert --to split failed: ${rc}")
endif()
foreach(tile Azeroth_38_46 continent4229)
    execute_process(COMMAND "${NODE}" "${INTEROP_DIR}/make_old_split.mjs" "${OUT}/split/${tile}.adt"
        "${OUT}/split_old/${tile}.adt" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "make_old_split.mjs ${tile} failed: ${rc}")
    endif()
    execute_process(COMMAND "${CLI}" roundtrip "${OUT}/split_old/${tile}.adt" "${OUT}/split_rewritten/${tile}.adt"
        --wdt "${CORPUS}/adt/Azeroth.wdt" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "mapsmith-cli roundtrip of the old split set ${tile} failed: ${rc}")
    endif()
endforeach()
