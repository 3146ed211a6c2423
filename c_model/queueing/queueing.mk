# queueing.mk - make fragment for flitnet's analytical queueing models.
# Include it from the top-level Makefile; it only defines variables (no
# targets, no pattern rules, no default goal).
#   QUEUEING_SRCS  the model library's C sources
#   QUEUEING_INC   the include flag for qmodel.h
#   QUEUEING_LIBS  what the library links against (GSL + libm)
QUEUEING_SRCS := $(wildcard c_model/queueing/*.c)
QUEUEING_INC  := -Ic_model/queueing
QUEUEING_LIBS := -lgsl -lgslcblas -lm
