# Writes the corpus files back with mapsmith-cli into OUT (run as a CTest fixture).
if(NOT EXISTS "${INTEROP_DIR}/node_modules")
    message(FATAL_ERROR "npm packages missing: run `npm ci --ignore-scripts` in ${INTEROP_DIR} (scripts/test.sh does)")
endif()
file(MAKE_DIRECTORY "${OUT}")
foreach(tile Azeroth_38_46 continent4229)
    execute_process(COMMAND "${CLI}" roundtrip "${CORPUS}/adt/${tile}.adt" "${OUT}/${tile}.adt" --wdt "${CORPUS}/adt/Azeroth.wdt"
        RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "mapsmith-cli roundtrip ${tile} failed: ${rc}")
    endif()
endforeach()
# Re-encoded: every alpha map written as RLE and as 8-bit, with a WDT whose MPHD flag says so.
foreach(tile Azeroth_38_46 continent4229)
    foreach(alpha rle 8bit)
        execute_process(COMMAND "${CLI}" roundtrip "${CORPUS}/adt/${tile}.adt" "${OUT}/${tile}_${alpha}.adt"
            --wdt "${CORPUS}/adt/Azeroth.wdt" --alpha ${alpha} --wdt-out "${OUT}/Azeroth_${alpha}.wdt"
            RESULT_VARIABLE rc)
        if(NOT rc EQUAL 0)
            message(FATAL_ERROR "mapsmith-cli roundtrip ${tile} --alpha ${alpha} failed: ${rc}")
        endif()
    endforeach()
endforeach()
execute_process(COMMAND "${CLI}" roundtrip "${CORPUS}/adt/Azeroth.wdt" "${OUT}/Azeroth.wdt" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mapsmith-cli roundtrip Azeroth.wdt failed: ${rc}")
endif()
