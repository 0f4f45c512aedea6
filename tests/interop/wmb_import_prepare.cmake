# A new one-tile map with the corpus level test.wmb imported by mapsmith-cli import-wmb (run as a CTest
# fixture), its MDL entities found in a data folder holding a corpus MDL under each name the level uses:
# the WMO root and group it wrote under the map folder are what interop_models_wmb_import reads. The tile
# must validate.
set(map "${OUT}/wmb_import/map")
set(data "${OUT}/wmb_import/data")
file(REMOVE_RECURSE "${OUT}/wmb_import")
file(MAKE_DIRECTORY "${data}")
foreach(name lasergun laserammo player)
    file(COPY_FILE "${CORPUS}/mdl/mdl5-earth.mdl" "${data}/${name}.mdl")
endforeach()
function(run)
    execute_process(COMMAND "${CLI}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "mapsmith-cli ${ARGN} failed (${rc}): ${out}${err}")
    endif()
endfunction()
run(new "${map}" Level --tiles 32_32 --height 20)
run(import-wmb "${CORPUS}/wmb/test.wmb" "${map}" --at=-266.6667,-266.6667 --data "${data}")
run(validate "${map}/Level_32_32.adt")
run(validate "${map}/World/wmo/Gamestudio/test/test.wmo")
