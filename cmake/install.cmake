# Install rules, the CMake package config (find_package(caipan) -> caipan::engine) and the
# Debian package (cpack -G DEB): the programs, the engine's headers and static libraries.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# caipan::engine: every engine library in one target, headers included.
set(CAIPAN_ENGINE_LIBS caipan_common caipan_xiangqi caipan_gomoku caipan_clock caipan_tournament
    caipan_version)
add_library(caipan_engine INTERFACE)
target_link_libraries(caipan_engine INTERFACE ${CAIPAN_ENGINE_LIBS})
# The headers need C++20: consumers get it without asking.
target_compile_features(caipan_engine INTERFACE cxx_std_20)
set_target_properties(caipan_engine PROPERTIES EXPORT_NAME engine)
add_library(caipan::engine ALIAS caipan_engine)

# Headers under include/caipan/, so the usual "engine/…" include paths do not claim the top of
# the include directory.
set(CAIPAN_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/caipan)
set(CAIPAN_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/caipan)
install(TARGETS caipan_engine ${CAIPAN_ENGINE_LIBS} EXPORT caipanTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        INCLUDES DESTINATION ${CAIPAN_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine DESTINATION ${CAIPAN_INSTALL_INCLUDEDIR}
        COMPONENT dev FILES_MATCHING PATTERN "*.h")
install(EXPORT caipanTargets NAMESPACE caipan:: DESTINATION ${CAIPAN_INSTALL_CMAKEDIR}
        COMPONENT dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/caipanConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/caipanConfig.cmake
                              INSTALL_DESTINATION ${CAIPAN_INSTALL_CMAKEDIR})
# 0.x: a minor release may break the API, so only the same minor version matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/caipanConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/caipanConfig.cmake ${PROJECT_BINARY_DIR}/caipanConfigVersion.cmake
        DESTINATION ${CAIPAN_INSTALL_CMAKEDIR} COMPONENT dev)

install(TARGETS caipan RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
if(CAIPAN_BUILD_RPC)
  install(TARGETS caipan-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT programs)

# One Debian package with everything above. Its run-time dependencies come from the programs'
# shared libraries (dpkg-shlibdeps); building against the engine needs Abseil's headers too.
set(CPACK_PACKAGE_NAME caipan)
set(CPACK_PACKAGE_VENDOR caipan)
set(CPACK_PACKAGE_CONTACT "caipan maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Xiangqi and gomoku rules engine, adjudication CLI and gRPC/HTTP server")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libabsl-dev")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
