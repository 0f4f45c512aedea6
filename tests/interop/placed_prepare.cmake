# A new two-tile map with the corpus rabbit (M2 + skin) and troll tent (WMO + group) placed across the tile
# border by mapsmith-cli place (run as a CTest fixture): uniqueId 1 the rabbit (heading 30, scale 6, on the
# ground), 2 the tent (heading 37) and 3 a second rabbit (heading 300) from a CSV list. Both tiles must
# validate.
set(map "${OUT}/placed/map")
set(data "${OUT}/placed/data")
file(REMOVE_RECURSE "${OUT}/placed")
file(MAKE_DIRECTORY "${data}/World/Critter" "${data}/World/wmo")
file(COPY "${CORPUS}/models/Rabbit.m2" "${CORPUS}/models/Rabbit00.skin" DESTINATION "${data}/World/Critter")
file(COPY "${CORPUS}/models/trolltent.wmo" "${CORPUS}/models/trolltent_000.wmo" DESTINATION "${data}/World/wmo")
function(run)
    execute_process(COMMAND "${CLI}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "mapsmith-cli ${ARGN} failed (${rc}): ${out}${err}")
    endif()
endfunction()
run(new "${map}" Placed --tiles 32_32,33_32 --height 20)
run(place "${map}" "World\\Critter\\Rabbit.m2" --at=-266,-533 --rotation 30 --scale 6 --data "${data}")
file(WRITE "${OUT}/placed/objects.csv" "model,x,y,z,heading,scale\nWorld\\wmo\\trolltent.wmo,-150,-540,,37\nWorld\\Critter\\Rabbit.m2,-400.5,-531.25,75.5,300,12\n")
run(place "${map}" --csv "${OUT}/placed/objects.csv" --data "${data}")
run(validate "${map}/Placed_32_32.adt")
run(validate "${map}/Placed_33_32.adt")
